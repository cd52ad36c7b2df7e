import CKModel
import CKSchema

/// Decides what a caller may do with records of a type in the public database, from the schema's grants.
///
/// Everyone holds `_world`; signed-in users also hold `_icloud`, their custom roles, and `_creator` for the
/// records they created. The developer (a server key or management token) is not checked, like cktool.
/// Private databases are their owner's alone, so grants do not apply there.
struct AccessPolicy {
    let caller: Caller

    /// Whether `permission` is granted on `recordType` to a role the caller holds for a record made by `creator`.
    func allows(_ permission: Permission, on recordType: RecordType?, creator: String? = nil) -> Bool {
        if case .developer = caller {
            return true
        }
        guard let recordType else { return false }
        return !grantingRoles(permission, on: recordType, creator: creator).isEmpty
    }

    /// The roles the caller holds on a record made by `creator` whose grants on `recordType` give `permission`.
    private func grantingRoles(_ permission: Permission, on recordType: RecordType, creator: String?) -> [String] {
        let held = roles(creator: creator)
        return recordType.grants.filter { $0.permission == permission && held.contains($0.role) }.map(\.role)
    }

    /// How far `permission` on `recordType` reaches for the caller, and the grants that allow it: the same rule
    /// as `allows`, asked for a record of someone else and for one of the caller's own.
    func verdict(_ permission: Permission, on recordType: RecordType) -> (reach: ManagementPermissions.Reach, grantedBy: [String]) {
        let everyone = grantingRoles(permission, on: recordType, creator: nil)
        if !everyone.isEmpty { return (.allRecords, everyone) }
        // A record is created before it has a creator: CREATE is never a matter of whose record it is.
        guard permission != .create, let own = caller.userRecordName else { return (.none, []) }
        let creators = grantingRoles(permission, on: recordType, creator: own)
        return creators.isEmpty ? (.none, []) : (.ownRecords, creators)
    }

    /// The roles the caller holds on a record made by `creator`.
    func roles(creator: String?) -> Set<String> {
        switch caller {
        case .world:
            return [SecurityRole.world]
        case .user(let user):
            var roles: Set<String> = [SecurityRole.world, SecurityRole.icloud]
            roles.formUnion(user.roles)
            if let creator, creator == user.userRecordName {
                roles.insert(SecurityRole.creator)
            }
            return roles
        case .developer:
            return []
        }
    }
}
