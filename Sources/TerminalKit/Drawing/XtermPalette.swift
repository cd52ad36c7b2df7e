/// The red, green and blue of xterm's 256 colours as xterm draws them by default: the 16 ANSI colours, the
/// 6×6×6 colour cube (16–231) and the grey ramp (232–255). Colour resolution measures distances against it.
enum XtermPalette {
    /// A colour's three channels.
    typealias RGB = (red: Int, green: Int, blue: Int)

    /// The 16 ANSI colours in xterm's default palette.
    static let ansi: [RGB] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six levels of each channel in the colour cube.
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The channels of xterm colour `index`.
    static func rgb(ofIndex index: UInt8) -> RGB {
        switch index {
        case 0...15:
            return ansi[Int(index)]
        case 16...231:
            let cube = Int(index) - 16
            return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let grey = 8 + 10 * (Int(index) - 232)
            return (grey, grey, grey)
        }
    }

    /// How far apart two colours look, as the squared distance weighted by how the eye sees red, green and blue.
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let meanRed = (a.red + b.red) / 2
        let red = a.red - b.red, green = a.green - b.green, blue = a.blue - b.blue
        return (512 + meanRed) * red * red / 256 + 4 * green * green + (767 - meanRed) * blue * blue / 256
    }

    /// The xterm index from 16 to 255 (the cube and the grey ramp, whose colours no terminal redefines) nearest
    /// to `color`.
    static func nearestIndex(to color: RGB) -> UInt8 {
        func level(_ channel: Int) -> Int {
            cubeLevels.indices.min { abs(cubeLevels[$0] - channel) < abs(cubeLevels[$1] - channel) } ?? 0
        }
        let cubeIndex = 16 + 36 * level(color.red) + 6 * level(color.green) + level(color.blue)
        let average = (color.red + color.green + color.blue) / 3
        let greyIndex = 232 + min(23, max(0, (average - 3) / 10))
        let cube = UInt8(cubeIndex), grey = UInt8(greyIndex)
        return distance(rgb(ofIndex: grey), color) < distance(rgb(ofIndex: cube), color) ? grey : cube
    }

    /// The ANSI colour, among the first `count` (8 or 16), closest to `color` in hue and lightness: a grey takes
    /// black, bright black, white or bright white by its lightness; any other colour the ANSI colour of its hue
    /// (red, yellow, green, cyan, blue, magenta), bright when light or at full strength; a very dark one black. Nearest by distance alone would turn most
    /// mid-tones grey, and an error must stay red.
    static func nearestANSI(to color: RGB, among count: Int) -> UInt8 {
        let highest = max(color.red, color.green, color.blue), lowest = min(color.red, color.green, color.blue)
        let lightness = (highest + lowest) / 2
        guard highest - lowest >= 40 else {
            let greys: [(limit: Int, ansi: UInt8)] = count > 8 ? [(50, 0), (120, 8), (216, 7), (256, 15)] : [(128, 0), (256, 7)]
            return greys.first { lightness < $0.limit }?.ansi ?? 7
        }
        guard lightness >= 48 else { return 0 }
        let ansi = hueANSI(color, highest: highest, lowest: lowest)
        return count > 8 && (lightness >= 140 || highest >= 240) ? ansi + 8 : ansi
    }

    /// The normal ANSI colour (1–6) of the hue of `color`, a colour whose channels differ: the sectors lean as
    /// people name colours (orange is red, yellow-green is green, azure is blue).
    private static func hueANSI(_ color: RGB, highest: Int, lowest: Int) -> UInt8 {
        let span = Double(highest - lowest)
        let hue: Double = switch highest {
        case color.red: 60 * Double(color.green - color.blue) / span
        case color.green: 120 + 60 * Double(color.blue - color.red) / span
        default: 240 + 60 * Double(color.red - color.green) / span
        }
        let sectors: [(end: Double, ansi: UInt8)] = [(30, 1), (65, 3), (150, 2), (200, 6), (270, 4), (345, 5), (360, 1)]
        let degrees = (hue + 360).truncatingRemainder(dividingBy: 360)
        return sectors.first { degrees < $0.end }?.ansi ?? 1
    }
}
