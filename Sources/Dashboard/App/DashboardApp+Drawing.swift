import TerminalKit

extension DashboardApp {
    /// The smallest terminal the dashboard draws in.
    static let minimumSize = Size(width: 40, height: 10)

    /// Draws a frame: header, the top screen in its frame, the status line and the hint bar (or the filter or
    /// command line), then any overlay; then lets the screen fetch what the frame showed it needs.
    func draw() {
        let size = terminal.size
        var canvas = Canvas(size: size, style: theme.style(.text))
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            let message = "Terminal too small: ckdash needs \(Self.minimumSize)"
            for (row, line) in TextWrapping.lines(of: message, width: max(1, size.width)).prefix(size.height).enumerated() {
                canvas.write(line, in: canvas.bounds.row(row), style: theme.style(.error))
            }
            terminal.present(canvas)
            return
        }
        let (headerRect, rest) = canvas.bounds.splitTop(1)
        let (bodyRect, bottom) = rest.splitBottom(2)
        let (statusRect, hintRect) = bottom.splitTop(1)
        Header(session: top.session, isReadOnly: isReadOnly, isProductionUnlocked: isProductionUnlocked, unreadNotifications: unreadNotifications)
            .draw(in: headerRect, on: &canvas, theme: theme)
        let inside = Box(title: top.title).draw(in: bodyRect, on: &canvas, theme: theme)
        top.draw(in: inside, on: &canvas, theme: theme)
        drawStatus(in: statusRect, on: &canvas)
        KeyHintBar(bindings: bindings, alwaysShown: .help).draw(in: hintRect, on: &canvas, theme: theme)
        drawOverlay(body: bodyRect, bottom: bottom, on: &canvas)
        terminal.present(canvas)
        top.didDraw(self)
    }

    private func drawStatus(in rect: Rect, on canvas: inout Canvas) {
        var items = top.statusItems
        if work.isBusy { items.insert(spinner.frames[spinner.frame], at: 0) }
        items.append(themeName)
        StatusBar(message: status, items: items, overflowHint: " :messages").draw(in: rect, on: &canvas, theme: theme)
    }

    private func drawOverlay(body: Rect, bottom: Rect, on canvas: inout Canvas) {
        switch overlay {
        case .help(var help)?:
            help.draw(in: body, on: &canvas, theme: theme)
            overlay = .help(help)
        case .palette?:
            let room = min(palette.suggestions.items.count, palette.maximumSuggestions, body.height - 1)
            let area = Rect(x: bottom.x, y: bottom.maxY - 1 - room, width: bottom.width, height: room + 1)
            let (suggestions, line) = area.splitBottom(1)
            var list = palette.suggestions
            list.draw(in: suggestions, on: &canvas, theme: theme, focused: palette.hasPickedSuggestion)
            canvas.fill(line, style: theme.style(.input))
            let width = canvas.write(palette.prompt, column: line.x, row: line.y, style: theme.style(.input))
            let field = line.splitLeft(width).rest
            var text = palette.field
            text.draw(in: field, on: &canvas, theme: theme, focused: true)
            canvas.showCursor(at: text.cursorPosition(in: field))
        case .filter(var field, _, _)?:
            let line = bottom.row(1)
            canvas.fill(line, style: theme.style(.input))
            let width = canvas.write("/", column: line.x, row: line.y, style: theme.style(.input))
            let rect = line.splitLeft(width).rest
            field.draw(in: rect, on: &canvas, theme: theme, focused: true)
            canvas.showCursor(at: field.cursorPosition(in: rect))
        case .confirmation(var prompt)?:
            prompt.draw(in: body, on: &canvas, theme: theme)
            overlay = .confirmation(prompt)
        case .messages(var panel)?:
            panel.draw(in: body, on: &canvas, theme: theme)
            overlay = .messages(panel)
        case nil:
            break
        }
    }
}
