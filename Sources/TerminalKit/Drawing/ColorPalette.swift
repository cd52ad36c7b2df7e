/// xterm's default palette of 256 colours, and searches for the entry nearest a colour.
enum ColorPalette {
    /// The 16 ANSI colours as xterm shows them by default.
    private static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    /// The six levels of each channel in the 6×6×6 colour cube (indices 16–231).
    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The colour of xterm palette entry `index`.
    static func xterm(_ index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch index {
        case 0..<16:
            return ansi[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return (grey, grey, grey)
        }
    }

    /// The index (16–255) of the cube colour or grey nearest the colour; the first 16 are left out because
    /// terminals let users redefine them.
    static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let cube = 16 + 36 * nearestCubeLevel(red) + 6 * nearestCubeLevel(green) + nearestCubeLevel(blue)
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let grey = 232 + min(23, max(0, (average - 3) / 10))
        let target = (red, green, blue)
        return distance(xterm(UInt8(grey)), target) < distance(xterm(UInt8(cube)), target) ? UInt8(grey) : UInt8(cube)
    }

    /// The palette entry in `candidates` nearest the colour.
    static func nearest(red: UInt8, green: UInt8, blue: UInt8, among candidates: Range<UInt8>) -> UInt8 {
        candidates.min { distance(xterm($0), (red, green, blue)) < distance(xterm($1), (red, green, blue)) } ?? 0
    }

    private static func nearestCubeLevel(_ value: UInt8) -> Int {
        cubeLevels.indices.min { abs(Int(cubeLevels[$0]) - Int(value)) < abs(Int(cubeLevels[$1]) - Int(value)) } ?? 0
    }

    /// Squared distance with the channels weighted 2:4:3, roughly as the eye tells colours apart.
    private static func distance(_ first: (UInt8, UInt8, UInt8), _ second: (UInt8, UInt8, UInt8)) -> Int {
        let red = Int(first.0) - Int(second.0)
        let green = Int(first.1) - Int(second.1)
        let blue = Int(first.2) - Int(second.2)
        return 2 * red * red + 4 * green * green + 3 * blue * blue
    }
}
