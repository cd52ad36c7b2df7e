/// The bindings of one view, declared once: the view looks keys up in it, and the hint bar and the help
/// overlay are drawn from it, so what is shown is always what works.
///
/// Order matters: the first binding of a key wins, and the hint bar shows bindings in this order, so put the
/// most important first.
public struct KeyBindingTable: Hashable, Sendable {
    /// The bindings, most important first.
    public private(set) var bindings: [KeyBinding]

    /// A table of `bindings`, most important first.
    public init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The binding `key` triggers, if any.
    public func binding(for key: Key) -> KeyBinding? {
        bindings.first { $0.keys.contains(key) }
    }

    /// The action `key` triggers, if any.
    public func action(for key: Key) -> KeyAction? {
        binding(for: key)?.action
    }

    /// The table without the bindings that change data, for a read-only session.
    public var readOnly: KeyBindingTable {
        KeyBindingTable(bindings.filter { !$0.isMutation })
    }

    /// The bindings the hint bar shows, most important first.
    public var hints: [KeyBinding] {
        bindings.filter(\.isShownInHints)
    }

    /// The bindings under their group names, groups in the order they first appear; what the help overlay lists.
    public var groups: [KeyBindingGroup] {
        var groups: [KeyBindingGroup] = []
        for binding in bindings {
            if let index = groups.firstIndex(where: { $0.name == binding.group }) {
                groups[index].bindings.append(binding)
            } else {
                groups.append(KeyBindingGroup(name: binding.group, bindings: [binding]))
            }
        }
        return groups
    }

    /// Keys bound to more than one action, which a test of a view's table expects to be empty.
    public var conflicts: [Key: [KeyAction]] {
        var actions: [Key: [KeyAction]] = [:]
        for binding in bindings {
            for key in binding.keys where !(actions[key]?.contains(binding.action) ?? false) {
                actions[key, default: []].append(binding.action)
            }
        }
        return actions.filter { $0.value.count > 1 }
    }

    /// The table without the bindings of `action`, for a view where it does not apply.
    public func removing(_ action: KeyAction) -> KeyBindingTable {
        KeyBindingTable(bindings.filter { $0.action != action })
    }

    /// This table followed by `other`'s bindings (which lose to this table's on a shared key).
    public func appending(_ other: KeyBindingTable) -> KeyBindingTable {
        KeyBindingTable(bindings + other.bindings)
    }
}

/// Bindings sharing a heading in the help overlay.
public struct KeyBindingGroup: Hashable, Sendable {
    /// The heading.
    public var name: String
    /// The bindings, in table order.
    public var bindings: [KeyBinding]

    /// A group named `name`.
    public init(name: String, bindings: [KeyBinding]) {
        self.name = name
        self.bindings = bindings
    }
}
