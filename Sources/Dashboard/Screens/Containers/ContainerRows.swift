import CKModel
import TerminalKit

/// The containers as the containers screen's table shows them: identifier, then live records per environment.
enum ContainerRows {
    /// The table's columns.
    static let columns = [
        TableColumn("CONTAINER", width: .flexible(minimum: 24)),
        TableColumn("DEVELOPMENT", width: .fixed(13), alignment: .trailing),
        TableColumn("PRODUCTION", width: .fixed(12), alignment: .trailing),
        TableColumn("CREATED", width: .fixed(19)),
    ]

    /// One row per container.
    static func rows(_ containers: [ManagementContainers.Container], display: FieldValueDisplay) -> TableRows {
        TableRows(containers.map { container in
            func records(in environment: ContainerEnvironment) -> TableCell {
                TableCell(Counting.grouped(container.recordCounts.filter { $0.environment == environment }.reduce(0) { $0 + $1.records }))
            }
            return [
                TableCell(container.containerID.rawValue), records(in: .development), records(in: .production),
                TableCell(display.date(Timestamp(millisecondsSince1970: container.createdTimestamp).date), role: .muted),
            ]
        })
    }
}
