import CKModel

/// Reads the `.ckdb` schema language into a `Schema`, exactly as written.
///
/// Keywords are accepted in any case, identifiers may be double-quoted, the final `;` and a trailing comma
/// before `)` are optional. The first error stops parsing and says where it is and what was expected there,
/// as `cktool validate-schema` does. The result keeps what the file says (duplicates included) so that
/// `SchemaValidator` can report them; use `Schema.canonical` for the complete schema.
public struct SchemaParser {
    private var tokens: [Token]
    private var position = 0

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses a whole `.ckdb` text.
    public static func parse(_ text: String) throws(SchemaSyntaxError) -> Schema {
        var parser = SchemaParser(tokens: try Lexer.tokenize(text))
        return try parser.parseSchema()
    }

    /// Parses one field type as a schema writes it: `STRING`, `LIST<ENCRYPTED BYTES>`, `NUMBER PREFERRED AS INT64` …
    public static func parseFieldType(_ text: String) throws(SchemaSyntaxError) -> FieldType {
        var parser = SchemaParser(tokens: try Lexer.tokenize(text))
        let type = try parser.parseFieldType()
        guard parser.current.kind == .end else { throw parser.failure("the end of the field type") }
        return type
    }

    private var current: Token { tokens[position] }

    private mutating func advance() {
        if position < tokens.count - 1 {
            position += 1
        }
    }

    private func failure(_ expectation: String) -> SchemaSyntaxError {
        SchemaSyntaxError("found \(current.display), expected \(expectation)", at: current.location)
    }

    private mutating func expectKeyword(_ keyword: String, _ expectation: String? = nil) throws(SchemaSyntaxError) {
        guard current.isKeyword(keyword) else { throw failure(expectation ?? keyword) }
        advance()
    }

    private mutating func expectSymbol(_ symbol: Character, _ expectation: String) throws(SchemaSyntaxError) {
        guard current.kind == .symbol(symbol) else { throw failure(expectation) }
        advance()
    }

    private mutating func skipSymbol(_ symbol: Character) -> Bool {
        guard current.kind == .symbol(symbol) else { return false }
        advance()
        return true
    }

    private mutating func identifier(_ expectation: String) throws(SchemaSyntaxError) -> (String, SourceLocation) {
        let location = current.location
        switch current.kind {
        case .word(let name), .quoted(let name):
            advance()
            return (name, location)
        case .symbol, .end:
            throw failure(expectation)
        }
    }

    // MARK: Statements

    private mutating func parseSchema() throws(SchemaSyntaxError) -> Schema {
        try expectKeyword("DEFINE", "DEFINE SCHEMA at the start of the file")
        try expectKeyword("SCHEMA", "SCHEMA after DEFINE")
        var schema = Schema()
        while true {
            while skipSymbol(";") {}
            if current.kind == .end {
                return schema
            }
            if current.isKeyword("CREATE") {
                schema.roles.append(try parseRole())
            } else if current.isKeyword("RECORD") {
                schema.recordTypes.append(try parseRecordType())
            } else {
                throw failure("CREATE ROLE, RECORD TYPE or the end of the schema")
            }
            guard skipSymbol(";") || current.kind == .end else {
                throw failure("\";\" after the statement")
            }
        }
    }

    private mutating func parseRole() throws(SchemaSyntaxError) -> CustomRole {
        advance()
        try expectKeyword("ROLE", "ROLE after CREATE")
        let (name, location) = try identifier("a role name")
        return CustomRole(name, location: location)
    }

    private mutating func parseRecordType() throws(SchemaSyntaxError) -> RecordType {
        advance()
        try expectKeyword("TYPE", "TYPE after RECORD")
        let (name, location) = try identifier("a record type name")
        var recordType = RecordType(name, location: location)
        try expectSymbol("(", "\"(\" after the record type name")
        while !skipSymbol(")") {
            if current.isKeyword("GRANT") {
                recordType.grants += try parseGrant()
            } else {
                recordType.fields.append(try parseField())
            }
            if !skipSymbol(",") {
                try expectSymbol(")", "\",\" or \")\" after a field or grant")
                break
            }
        }
        return recordType
    }

    private mutating func parseGrant() throws(SchemaSyntaxError) -> [Grant] {
        let location = current.location
        advance()
        var permissions = [try parsePermission()]
        while skipSymbol(",") {
            permissions.append(try parsePermission())
        }
        try expectKeyword("TO", "\",\" and another permission, or TO and a role")
        let (role, _) = try identifier("a role name after TO")
        return permissions.map { Grant($0, to: role, location: location) }
    }

    private mutating func parsePermission() throws(SchemaSyntaxError) -> Permission {
        guard case .word(let word) = current.kind, let permission = Permission(rawValue: word.uppercased()) else {
            throw failure("a permission (READ, CREATE or WRITE)")
        }
        advance()
        return permission
    }

    private mutating func parseField() throws(SchemaSyntaxError) -> Field {
        let (name, location) = try identifier("a field name, GRANT or \")\"")
        let type = try parseFieldType()
        var indexes = Set<IndexKind>()
        while case .word(let word) = current.kind, let index = IndexKind(rawValue: word.uppercased()) {
            indexes.insert(index)
            advance()
        }
        return Field(name, type, indexes: indexes, location: location)
    }

    // MARK: Types

    private static let typeExpectation =
        "a field type (ASSET, BYTES, DOUBLE, INT64, LOCATION, REFERENCE, STRING, TIMESTAMP, ENCRYPTED, NUMBER or LIST)"

    private mutating func parseFieldType() throws(SchemaSyntaxError) -> FieldType {
        if current.isKeyword("LIST") {
            advance()
            try expectSymbol("<", "\"<\" after LIST")
            let element = try parsePrimitiveType()
            try expectSymbol(">", "\">\" to close LIST<")
            return FieldType(element, isList: true)
        }
        return FieldType(try parsePrimitiveType())
    }

    private mutating func parsePrimitiveType() throws(SchemaSyntaxError) -> PrimitiveType {
        if current.isKeyword("ENCRYPTED") {
            advance()
            guard let type = keywordValueType(), PrimitiveType.encryptableTypes.contains(type) else {
                throw failure("a type that can be encrypted (BYTES, DOUBLE, INT64, LOCATION, STRING or TIMESTAMP)")
            }
            advance()
            return .encrypted(type)
        }
        if current.isKeyword("NUMBER") {
            advance()
            guard current.isKeyword("PREFERRED") else { return .number(preferredAs: nil) }
            advance()
            try expectKeyword("AS", "AS after PREFERRED")
            guard case .word(let word) = current.kind, let preference = NumberPreference(rawValue: word.uppercased())
            else {
                throw failure("INT64 or DOUBLE after PREFERRED AS")
            }
            advance()
            return .number(preferredAs: preference)
        }
        guard let type = keywordValueType() else { throw failure(Self.typeExpectation) }
        advance()
        return .value(type)
    }

    private func keywordValueType() -> ValueType? {
        guard case .word(let word) = current.kind else { return nil }
        return ValueType(rawValue: word.uppercased())
    }
}
