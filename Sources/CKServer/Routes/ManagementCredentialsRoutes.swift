import CKModel
import Hummingbird

/// A container's API tokens and server-to-server keys, and the management tokens: list, create (the secret
/// answered once) and revoke.
struct ManagementCredentialsRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        let prefix = "management/1/containers/:container"
        let credentials = CredentialService(storage: services.storage, configuration: services.configuration)
        router.managementRead(prefix + "/apiTokens", services: services) { _, context, caller in
            let containerID = try await context.managedContainer(caller, services: services).id
            let tokens = try await services.storage.credentials(of: .apiToken, container: containerID)
            return try JSONResponse.make(ManagementCredentials.TokenList(tokens: tokens.map(ManagementCredentials.Token.init)))
        }
        router.managementChange(prefix + "/apiTokens", services: services, decoding: ManagementCredentials.CreateTokenRequest.self) {
            body, context, caller in
            let containerID = try await context.managedContainer(caller, services: services).id
            let secret = try await credentials.createAPIToken(container: containerID, name: body.name, signInCallback: body.signInCallback)
            let created = try await Self.created(secret, storage: services.storage)
            return (created, caller.audit("apiToken.create", container: containerID, target: created.token.id, changes: ["created \(created.token.name)"]))
        }
        router.managementChange(prefix + "/apiTokens/revoke", services: services, decoding: ManagementCredentials.RevokeRequest.self) {
            body, context, caller in
            let containerID = try await context.managedContainer(caller, services: services).id
            let revoked = try await credentials.revoke(.apiToken, id: body.id, in: containerID) { _ in true }
            return (
                ManagementCredentials.RevokeResponse(id: body.id),
                caller.audit("apiToken.revoke", container: containerID, target: body.id, changes: ["revoked \(revoked.label)"])
            )
        }
        router.managementRead(prefix + "/serverKeys", services: services) { _, context, caller in
            let containerID = try await context.managedContainer(caller, services: services).id
            let keys = try await services.storage.serverKeys(of: containerID).map(ManagementCredentials.ServerKey.init)
            return try JSONResponse.make(ManagementCredentials.ServerKeyList(keys: keys))
        }
        router.managementChange(prefix + "/serverKeys", services: services, decoding: ManagementCredentials.AddServerKeyRequest.self) {
            body, context, caller in
            let containerID = try await context.managedContainer(caller, services: services).id
            let keyID = try await credentials.addServerKey(container: containerID, publicKeyPEM: body.publicKey)
            guard let key = try await services.storage.serverKey(keyID) else {
                throw ServerError(.internalError, reason: "the key \(keyID) was added and cannot be read back")
            }
            return (ManagementCredentials.ServerKey(key), caller.audit("serverKey.create", container: containerID, target: keyID, changes: ["added"]))
        }
        router.managementChange(prefix + "/serverKeys/revoke", services: services, decoding: ManagementCredentials.RevokeRequest.self) {
            body, context, caller in
            let containerID = try await context.managedContainer(caller, services: services).id
            try await credentials.revokeServerKey(body.id, container: containerID)
            return (ManagementCredentials.RevokeResponse(id: body.id), caller.audit("serverKey.revoke", container: containerID, target: body.id, changes: ["revoked"]))
        }
        registerManagementTokens(on: router, credentials: credentials)
    }

    /// Management tokens: a token for one container sees and makes tokens for that container only.
    private func registerManagementTokens(on router: Router<ServerRequestContext>, credentials: CredentialService) {
        router.managementRead("management/1/managementTokens/current", services: services) { request, _, _ in
            guard let secret = RequestCredentials(request).managementToken,
                  let token = try await services.storage.credential(secretHash: SecretGenerator.hash(of: secret))
            else {
                throw ServerError(.authenticationFailed, reason: "the management token is not valid")
            }
            return try JSONResponse.make(ManagementCredentials.Token(token))
        }
        router.managementRead("management/1/managementTokens", services: services) { _, _, caller in
            let tokens = try await services.storage.credentials(of: .managementToken, container: caller.container)
            return try JSONResponse.make(ManagementCredentials.TokenList(tokens: tokens.map(ManagementCredentials.Token.init)))
        }
        router.managementChange("management/1/managementTokens", services: services, decoding: ManagementCredentials.CreateTokenRequest.self) {
            body, _, caller in
            guard let name = body.name, !name.isEmpty else {
                throw ServerError(.badRequest, reason: "a management token needs a name")
            }
            guard caller.container == nil || body.containerID == caller.container else {
                throw ServerError(.accessDenied, reason: "a management token for one container can only make tokens for that container")
            }
            let secret = try await credentials.createManagementToken(name: name, container: body.containerID, readOnly: body.readOnly ?? false)
            let created = try await Self.created(secret, storage: services.storage)
            let audit = caller.audit(
                "managementToken.create", container: body.containerID, target: created.token.id,
                changes: ["created \(name)\(created.token.readOnly ? " (read-only)" : "")"])
            return (created, audit)
        }
        router.managementChange("management/1/managementTokens/revoke", services: services, decoding: ManagementCredentials.RevokeRequest.self) {
            body, _, caller in
            let revoked = try await credentials.revoke(.managementToken, id: body.id, in: caller.container) { caller.container == nil || $0 == caller.container }
            let audit = caller.audit("managementToken.revoke", container: revoked.container, target: body.id, changes: ["revoked \(revoked.label)"])
            return (ManagementCredentials.RevokeResponse(id: body.id), audit)
        }
    }

    /// The answer to a create: the stored token read back by its secret, with the secret.
    private static func created(_ secret: String, storage: any ServerStorage) async throws -> ManagementCredentials.CreatedToken {
        guard let record = try await storage.credential(secretHash: SecretGenerator.hash(of: secret)) else {
            throw ServerError(.internalError, reason: "the token was made and cannot be read back")
        }
        return ManagementCredentials.CreatedToken(token: ManagementCredentials.Token(record), secret: secret)
    }
}

extension ManagementCredentials.Token {
    /// A stored token as lists show it.
    init(_ record: CredentialRecord) {
        self.init(
            id: record.id, name: record.label, containerID: record.container, readOnly: record.isReadOnly,
            createdTimestamp: Timestamp(record.createdAt).millisecondsSince1970, signInCallback: record.signInCallback)
    }
}

extension ManagementCredentials.ServerKey {
    /// A stored key as lists show it.
    init(_ key: CKServer.ServerKey) {
        self.init(keyID: key.keyID, publicKey: key.publicKeyPEM, createdTimestamp: Timestamp(key.createdAt).millisecondsSince1970)
    }
}
