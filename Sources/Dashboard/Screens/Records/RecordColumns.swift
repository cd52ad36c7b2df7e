import CKCoreData
import CKModel
import CKSchema
import TerminalKit

/// The columns the records table shows, in order: the record name first, then chosen fields of the type and
/// system fields. What can be chosen comes from the schema.
struct RecordColumns: Equatable {
    /// A column of the table.
    enum Column: Hashable {
        /// A field of the record type.
        case field(String)
        /// When the record was created.
        case created
        /// When it was last modified.
        case modified
        /// Its change tag.
        case changeTag

        /// The heading: a field by its name, or in a model's words (`title` for `CD_title`) when `modelNames`.
        func title(modelNames: Bool = false) -> String {
            switch self {
            case .field(let name): modelNames ? Self.modelName(of: name) : name
            case .created: "created"
            case .modified: "modified"
            case .changeTag: "change tag"
            }
        }

        /// A field Core Data wrote, named as its model names it: `title` for `CD_title`, `photo (large value)` for
        /// `CD_photo_ckAsset`, `entity` for `CD_entityName`; any other field by its own name.
        static func modelName(of field: String) -> String {
            guard field.hasPrefix(MirroredNames.prefix) else { return field }
            if field == MirroredNames.entityName { return "entity" }
            let property = String(field.dropFirst(MirroredNames.prefix.count))
            return property.hasSuffix(assetSuffix) ? "\(property.dropLast(assetSuffix.count)) (large value)" : property
        }

        private static let assetSuffix = MirroredNames.assetSuffix

        /// What the column shows for `record`.
        func text(in record: Record, display: FieldValueDisplay) -> String {
            switch self {
            case .field(let name): record.fields?[name].map(display.text) ?? ""
            case .created: record.created.map { display.date($0.timestamp.date) } ?? ""
            case .modified: record.modified.map { display.date($0.timestamp.date) } ?? ""
            case .changeTag: record.recordChangeTag ?? ""
            }
        }
    }

    /// The columns shown after the record name, in order.
    var shown: [Column]
    /// Every column there is, in the order the chooser lists them.
    let available: [Column]
    /// The type whose fields the columns show.
    let recordType: RecordType
    /// Whether the headings name a Core Data type's fields in its model's words (`V` switches); false for a type
    /// Core Data did not write.
    var showsModelNames: Bool

    /// The type's fields (by name) then the system columns; at first the fields named by `shownFields` in its
    /// order (the fields a query returns), or every field in schema order. A type Core Data wrote starts in its
    /// model's words, with `CD_moveReceipt` (Core Data's bookkeeping) left to the chooser.
    init(recordType: RecordType, shownFields: [String]? = nil) {
        let fields = recordType.fields.filter { !$0.isSystemField }.map { Column.field($0.name) }
        let isCoreData = MirroredNames.isEntityType(recordType.name)
        available = fields + [.created, .modified, .changeTag]
        shown = shownFields.map { names in names.map(Column.field).filter(fields.contains) }
            ?? fields.filter { !isCoreData || $0 != .field(MirroredNames.moveReceipt) }
        self.recordType = recordType
        showsModelNames = isCoreData
    }

    /// Whether the type is one Core Data wrote, whose fields `V` can name in its model's words.
    var isCoreData: Bool {
        MirroredNames.isEntityType(recordType.name)
    }

    /// `column`'s heading, in the model's words while `showsModelNames`.
    func title(of column: Column) -> String {
        column.title(modelNames: showsModelNames)
    }

    /// The names of the fields shown, in order: what a query that returns only the shown fields asks for.
    var shownFieldNames: [String] {
        shown.compactMap { column in
            if case .field(let name) = column { name } else { nil }
        }
    }

    /// The table's columns: the record name, then the shown ones, each as wide as its type needs; the record name,
    /// and a text column, whose values in `sample` (the first page) are all short are as wide as they are, leaving
    /// the room to more columns.
    func tableColumns(sample: [Record] = [], display: FieldValueDisplay? = nil) -> [TableColumn] {
        let names = sample.map { DisplayWidth.of($0.recordName ?? "") }.max() ?? Int.max
        let nameWidth: ColumnWidth = names <= 2 * Self.shortText ? .fixed(max(names, 14)) : .flexible(minimum: 14)
        return [TableColumn("RECORD NAME", width: nameWidth)] + shown.map { column in
            let title = title(of: column)
            var (width, alignment) = Self.layout(of: column, in: recordType)
            if case .flexible = width, let display, !sample.isEmpty {
                let widest = sample.map { DisplayWidth.of(column.text(in: $0, display: display)) }.max() ?? 0
                if widest <= Self.shortText { width = .fixed(widest) }
            }
            return TableColumn(title, width: width.widened(toFit: DisplayWidth.of(title) + 2), alignment: alignment)
        }
    }

    /// The widest values a text column is sized to rather than sharing the room.
    static let shortText = 16

    /// How wide a column of `column`'s type is and how its cells align: dates and coordinates at their full
    /// width, numbers on the right, text sharing the room.
    private static func layout(of column: Column, in recordType: RecordType) -> (ColumnWidth, TextAlignment) {
        switch column {
        case .created, .modified: return (.fixed(19), .leading)
        case .changeTag: return (.fixed(10), .leading)
        case .field(let name):
            guard let type = recordType.field(named: name)?.type, !type.isList else { return (.flexible(minimum: 12), .leading) }
            switch type.valueType {
            case .int64?, .double?: return (.fixed(10), .trailing)
            case .timestamp?: return (.fixed(19), .leading)
            case .location?: return (.fixed(20), .leading)
            case .asset?, .bytes?: return (.fixed(12), .leading)
            case .reference?: return (.flexible(minimum: 14), .leading)
            default: return (.flexible(minimum: 12, weight: 2), .leading)
            }
        }
    }
}

extension ColumnWidth {
    /// This width, at least `minimum` columns.
    func widened(toFit minimum: Int) -> ColumnWidth {
        switch self {
        case .fixed(let width): .fixed(max(width, minimum))
        case .flexible(let least, let weight): .flexible(minimum: max(least, minimum), weight: weight)
        }
    }
}
