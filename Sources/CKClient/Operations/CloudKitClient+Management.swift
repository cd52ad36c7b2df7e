import CKModel
import CKSchema

/// ckserver's management API (`/management/1/…`, see docs/management-api.md), sent with the configured
/// management token. These calls are ckserver's own; the data API calls work with any CloudKit server.
extension CloudKitClient {
    /// Every container the management token reaches, with its live records per environment and database.
    public func containers() async throws -> [ManagementContainers.Container] {
        let answer: ManagementContainers.ListResponse = try await management(.get, "containers")
        return answer.containers
    }

    /// Creates a container with empty schemas.
    public func createContainer(_ container: ContainerID) async throws -> ManagementContainers.Container {
        try await management(.post, "containers", body: ManagementContainers.CreateRequest(containerID: container))
    }

    /// The schema of an environment of the configured container (the configured environment unless given).
    public func schema(of environment: ContainerEnvironment? = nil) async throws -> ManagementSchema.Response {
        try await management(.get, try containerPath("schema/\((environment ?? configuration.environment).rawValue)"))
    }

    /// The schema of an environment as CKSchema's model (read from its `.ckdb` text), in canonical order.
    public func parsedSchema(of environment: ContainerEnvironment? = nil) async throws -> Schema {
        try await schema(of: environment).parsedSchema()
    }

    /// Replaces the development schema with `.ckdb` text; with `validateOnly`, only says what it would change.
    public func importSchema(_ ckdb: String, validateOnly: Bool = false) async throws -> ManagementSchema.UpdateResponse {
        try await management(.post, try containerPath("schema/import"), body: ManagementSchema.ImportRequest(ckdb: ckdb, validateOnly: validateOnly))
    }

    /// Applies fine-grained edits to the development schema, all or none.
    public func editSchema(_ edits: [ManagementSchema.Edit], validateOnly: Bool = false) async throws -> ManagementSchema.UpdateResponse {
        try await management(.post, try containerPath("schema/edit"), body: ManagementSchema.EditRequest(operations: edits, validateOnly: validateOnly))
    }

    /// The classified diff a deploy of development would apply now, and its digest.
    public func schemaDiff() async throws -> ManagementSchema.DiffResponse {
        try await management(.get, try containerPath("schema/diff"))
    }

    /// Deploys development to production if the diff is still the one whose digest is given (`CONFLICT`
    /// otherwise; `BAD_REQUEST` with the reasons when a change is blocked).
    public func deploySchema(digest: String) async throws -> ManagementSchema.DeployResponse {
        try await management(.post, try containerPath("schema/deploy"), body: ManagementSchema.DeployRequest(digest: digest))
    }

    /// The deploy history, oldest first.
    public func deployments() async throws -> [ManagementSchema.Deployment] {
        let answer: ManagementSchema.DeploymentsResponse = try await management(.get, try containerPath("schema/deployments"))
        return answer.deployments
    }

    /// Deletes development's records, zones and subscriptions and sets its schema back to production's;
    /// with `dryRun`, only says what would go.
    public func resetDevelopment(dryRun: Bool = false) async throws -> ManagementSchema.ResetResponse {
        try await management(.post, try containerPath("schema/reset"), body: ManagementSchema.ResetRequest(dryRun: dryRun))
    }

    /// Records, bytes and index entries per record type of an environment (the configured one unless given).
    public func statistics(of environment: ContainerEnvironment? = nil) async throws -> ManagementStatistics.Response {
        try await management(.get, try containerPath("schema/\((environment ?? configuration.environment).rawValue)/statistics"))
    }

    /// What `subject` may do with the records of `recordType` in the public database of an environment (the
    /// configured one unless given), and by which grants: the server's own rules, as the data API enforces them.
    public func checkPermissions(
        of subject: ManagementPermissions.Subject, on recordType: String, in environment: ContainerEnvironment? = nil
    ) async throws -> ManagementPermissions.Response {
        let path = "/management/1/" + (try containerPath("schema/\((environment ?? configuration.environment).rawValue)/permissions"))
        return try await send(.get, path: path, query: [("recordType", recordType), ("subject", subject.parameter)], authentication: .management)
    }

    /// The users of the configured container, with their roles.
    public func users() async throws -> [ManagementUsers.User] {
        let answer: ManagementUsers.ListResponse = try await management(.get, try containerPath("users"))
        return answer.users
    }

    /// Creates a user, answered with a web auth token signing them in.
    public func createUser(_ request: ManagementUsers.CreateRequest) async throws -> ManagementUsers.SignedIn {
        try await management(.post, try containerPath("users"), body: request)
    }

    /// Assigns a custom role to a user, or removes it.
    public func setRole(_ role: String, assigned: Bool, userRecordName: String) async throws -> ManagementUsers.User {
        try await management(.post, try containerPath("users/\(userRecordName)/roles"), body: ManagementUsers.RoleRequest(role: role, assigned: assigned))
    }

    /// Lets other users find a user, or stops it.
    public func setDiscoverable(_ discoverable: Bool, userRecordName: String) async throws -> ManagementUsers.User {
        try await management(
            .post, try containerPath("users/\(userRecordName)/discoverable"), body: ManagementUsers.DiscoverableRequest(discoverable: discoverable))
    }

    /// A new web auth token for a user, to try the data API as them.
    public func issueWebAuthToken(userRecordName: String) async throws -> ManagementUsers.SignedIn {
        try await management(.post, try containerPath("users/\(userRecordName)/webAuthToken"), body: ManagementUsers.WebAuthTokenRequest())
    }

    /// The configured container's API tokens, without their secrets.
    public func apiTokens() async throws -> [ManagementCredentials.Token] {
        let answer: ManagementCredentials.TokenList = try await management(.get, try containerPath("apiTokens"))
        return answer.tokens
    }

    /// A new API token of the configured container, with its secret (shown this once).
    public func createAPIToken(name: String? = nil) async throws -> ManagementCredentials.CreatedToken {
        try await management(.post, try containerPath("apiTokens"), body: ManagementCredentials.CreateTokenRequest(name: name))
    }

    /// Revokes an API token of the configured container by its ID.
    public func revokeAPIToken(id: String) async throws {
        let _: ManagementCredentials.RevokeResponse = try await management(
            .post, try containerPath("apiTokens/revoke"), body: ManagementCredentials.RevokeRequest(id: id))
    }

    /// The configured container's server-to-server keys.
    public func serverKeys() async throws -> [ManagementCredentials.ServerKey] {
        let answer: ManagementCredentials.ServerKeyList = try await management(.get, try containerPath("serverKeys"))
        return answer.keys
    }

    /// Adds a server-to-server key from its PEM text.
    public func addServerKey(publicKeyPEM: String) async throws -> ManagementCredentials.ServerKey {
        try await management(.post, try containerPath("serverKeys"), body: ManagementCredentials.AddServerKeyRequest(publicKey: publicKeyPEM))
    }

    /// Revokes a server-to-server key of the configured container.
    public func revokeServerKey(keyID: String) async throws {
        let _: ManagementCredentials.RevokeResponse = try await management(
            .post, try containerPath("serverKeys/revoke"), body: ManagementCredentials.RevokeRequest(id: keyID))
    }

    /// The management tokens the caller's token may see, without their secrets.
    public func managementTokens() async throws -> [ManagementCredentials.Token] {
        let answer: ManagementCredentials.TokenList = try await management(.get, "managementTokens")
        return answer.tokens
    }

    /// The management token this client sends, without its secret: its name, container and whether it is read-only.
    public func currentManagementToken() async throws -> ManagementCredentials.Token {
        try await management(.get, "managementTokens/current")
    }

    /// A new management token, with its secret (shown this once).
    public func createManagementToken(name: String, container: ContainerID?, readOnly: Bool) async throws -> ManagementCredentials.CreatedToken {
        try await management(
            .post, "managementTokens", body: ManagementCredentials.CreateTokenRequest(name: name, containerID: container, readOnly: readOnly))
    }

    /// Revokes a management token by its ID.
    public func revokeManagementToken(id: String) async throws {
        let _: ManagementCredentials.RevokeResponse = try await management(
            .post, "managementTokens/revoke", body: ManagementCredentials.RevokeRequest(id: id))
    }

    /// One page of the audit log, newest first, of the entries `filter` keeps.
    public func auditLog(
        _ filter: ManagementAudit.Filter = ManagementAudit.Filter(), limit: Int? = nil, continuationMarker: String? = nil
    ) async throws -> ManagementAudit.Response {
        var query = filter.queryItems.map { ($0.name, $0.value) }
        if let limit { query.append(("limit", String(limit))) }
        if let continuationMarker { query.append(("continuationMarker", continuationMarker)) }
        return try await send(.get, path: "/management/1/audit", query: query, authentication: .management)
    }

    /// Every page of the audit log's entries that `filter` keeps, newest first, as an `AsyncSequence`.
    public func auditLogPages(_ filter: ManagementAudit.Filter = ManagementAudit.Filter(), limit: Int? = nil) -> PageSequence<ManagementAudit.Response> {
        PageSequence(
            start: nil,
            fetch: { marker in try await self.auditLog(filter, limit: limit, continuationMarker: marker) },
            cursorAfter: \.continuationMarker)
    }

    /// `/management/1/containers/{configured container}/…`.
    func containerPath(_ suffix: String) throws -> String {
        "containers/\(try requireContainer())/\(suffix)"
    }

    func management<Answer: Decodable>(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil) async throws -> Answer {
        try await send(method, path: "/management/1/" + path, body: body, authentication: .management)
    }
}

extension ManagementSchema.Response {
    /// The schema as CKSchema's model, read from the `.ckdb` text, in canonical order.
    public func parsedSchema() throws(CloudKitClientError) -> Schema {
        do {
            return try SchemaParser.parse(ckdb).canonical
        } catch {
            throw .decoding(operation: "schema", httpStatus: 200, detail: "the server's schema cannot be read: \(error)")
        }
    }
}
