/// Why a copy between engines stopped.
public enum ServerTransferError: Error, Equatable, CustomStringConvertible {
    /// The target already holds rows: a copy only goes into an empty server.
    case targetNotEmpty(table: String)
    /// The source holds nothing: a URL or folder naming another place than meant.
    case sourceEmpty
    /// An upload's row names contents the source does not have.
    case missingFile(checksum: String)

    public var description: String {
        switch self {
        case .targetNotEmpty(let table):
            "the target already holds a server (its \(table) table has rows): copy into an empty database or data folder"
        case .sourceEmpty:
            "the source holds no server: no container, token or row of any kind"
        case .missingFile(let checksum):
            "the source lacks the contents of an uploaded file (checksum \(checksum)): its files are incomplete"
        }
    }
}
