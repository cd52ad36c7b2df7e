import TerminalKit
import Testing

@Suite("Canvas: text clipped to its cells, wide characters taking two")
struct CanvasTests {
    @Test("text is clipped at the limit and the edge; wide characters take two cells and never straddle the edge")
    func clipping() {
        var canvas = Canvas(size: Size(width: 10, height: 2))
        #expect(canvas.write("Containers here", column: 1, row: 0, style: .plain) == 9)
        #expect(canvas.write("日本語テキスト", column: 0, row: 1, style: .plain, limit: 7) == 6)
        #expect(canvas.lines == [" Container", "日本語    "])
        #expect(canvas[1, 1].isContinuation)
        canvas.write("abcdefghi日", column: 0, row: 1, style: .plain)
        #expect(canvas.lines[1] == "abcdefghi ")
    }

    @Test("overwriting half of a wide character blanks its other half; control characters cannot move the cursor")
    func overwrites() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.write("日本", column: 0, row: 0, style: .plain)
        canvas.write("x", column: 1, row: 0, style: .plain)
        #expect(canvas.lines == [" x本  "])
        canvas.write("a\u{1B}[2Jb", column: 0, row: 0, style: .plain)
        #expect(canvas.lines == ["a�[2Jb"])
    }

    @Test("a fill whose edge cuts a wide character blanks the whole character: rows stay as wide as the canvas")
    func fillCutsWide() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        canvas.write("日本語😀", column: 0, row: 0, style: .plain)
        canvas.fill(Rect(x: 1, y: 0, width: 2, height: 1), style: .plain)
        #expect(canvas.lines == ["    語😀"])
        #expect(canvas.lines.allSatisfy { DisplayWidth.of($0) == 8 })
        canvas.fill(Rect(x: 5, y: 0, width: 2, height: 1), style: .plain)
        #expect(canvas.lines == ["        "])
        canvas.fill(Rect(x: 8, y: 0, width: 3, height: 1), style: .plain)
        canvas.fill(Rect(x: 2, y: 1, width: 3, height: 1), style: .plain)
        #expect(canvas.lines == ["        "], "a fill outside the canvas changes nothing")
    }

    @Test("display width: wide, combining, emoji, and truncation with an ellipsis")
    func widths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("👍") == 2)
        #expect(DisplayWidth.truncated("iCloud.com.example.Shop", toFit: 10) == "iCloud.co…")
        #expect(DisplayWidth.truncated("日本語", toFit: 4) == "日…")
        #expect(DisplayWidth.padded("ab", to: 4) == "ab  ")
    }
}
