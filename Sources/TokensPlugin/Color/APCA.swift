import Foundation

extension TokenColor {
    /// The APCA lightness contrast (Lc) of this colour as text on `background`, about -108...106:
    /// positive for dark text on a light background, negative for light text on a dark one. As with
    /// ``contrastRatio(with:)``, translucent colours are first painted over what lies under them.
    ///
    /// Hand-written: no Swift package computes APCA. The constants are those of the published APCA-W3
    /// 0.0.98G-4g (Myndex, `apca-w3` `APCAcontrast`, SA98G): exponent 2.4; sRGB coefficients 0.2126729,
    /// 0.7151522, 0.0721750; normBG 0.56, normTXT 0.57, revTXT 0.62, revBG 0.65; blkThrs 0.022, blkClmp
    /// 1.414; scaleBoW and scaleWoB 1.14; loBoWoffset and loWoBoffset 0.027; deltaYmin 0.0005; loClip 0.1.
    public func apcaContrast(on background: TokenColor) -> Double {
        let backdrop = background.isOpaque ? background : background.composited(over: .white)
        let front = isOpaque ? self : composited(over: backdrop)
        let text = Self.apcaLuminance(front)
        let ground = Self.apcaLuminance(backdrop)
        guard abs(ground - text) >= 0.0005 else { return 0 }
        if ground > text {
            // Dark text on a light background.
            let sapc = (pow(ground, 0.56) - pow(text, 0.57)) * 1.14
            return sapc < 0.1 ? 0 : (sapc - 0.027) * 100
        }
        // Light text on a dark background.
        let sapc = (pow(ground, 0.65) - pow(text, 0.62)) * 1.14
        return sapc > -0.1 ? 0 : (sapc + 0.027) * 100
    }

    /// APCA's screen luminance: a simple 2.4 power curve, with near-blacks soft-clamped up.
    private static func apcaLuminance(_ color: TokenColor) -> Double {
        func channel(_ value: Double) -> Double { pow(min(max(value, 0), 1), 2.4) }
        let luminance =
            0.212_672_9 * channel(color.red) + 0.715_152_2 * channel(color.green) + 0.072_175_0 * channel(color.blue)
        return luminance > 0.022 ? luminance : luminance + pow(0.022 - luminance, 1.414)
    }
}
