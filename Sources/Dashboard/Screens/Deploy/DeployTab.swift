/// The parts of the deploy screen, one tab each.
enum DeployTab: Int, CaseIterable, Equatable {
    /// The classified diff of development against production and the lint warnings.
    case changes
    /// The `.ckdb` text of both environments with the difference highlighted.
    case text
    /// Who deployed what, and when.
    case deployments

    /// The tab's title.
    var title: String {
        switch self {
        case .changes: "Changes"
        case .text: ".ckdb text"
        case .deployments: "Deploy history"
        }
    }
}
