import CKModel
import TerminalKit

extension DeployScreen {
    /// Asks for the container's name, then deploys the digest of the diff on screen: the new production schema
    /// on success, or the new diff when development changed meanwhile (the server's `CONFLICT`).
    func deploy(_ host: any ScreenHost) {
        guard let review = review.value, let container = session.container?.rawValue else { return }
        let confirmation = Confirmation(
            title: "Deploy to production?", message: DeployLines.deployMessage(review, container: container), confirmTitle: "Deploy",
            typedName: container)
        let loader = loader
        let digest = review.diff.digest
        host.confirm(confirmation) { [weak self, weak host] in
            guard let self, let host else { return }
            host.change("Deploying to production of \(container)", { try await loader.deploy(digest: digest) }) { [weak self, weak host] result in
                guard let self, let host else { return }
                switch result {
                case .deployed(let answer):
                    outcome = DeployLines.deployed(answer)
                    deployed = TextComparison(old: review.production, new: answer.production, oldName: "production before the deploy", newName: "production now")
                    show(DeployTab.text.rawValue)
                    host.report(StatusMessage("Deployed \(DeployLines.changeCount(answer.changes.count)) to production of \(container)", kind: .success))
                case .diffChanged:
                    outcome = DeployLines.diffChanged
                    show(DeployTab.changes.rawValue)
                    host.report(StatusMessage("Not deployed: the diff changed since it was shown; review the new one and press D again", kind: .warning))
                }
                refresh(host)
            }
        }
    }

    /// Shows what a reset of development deletes (its dry run), asks for the container's name, then resets and
    /// shows what went.
    func resetDevelopment(_ host: any ScreenHost) {
        guard let container = session.container?.rawValue else { return }
        let loader = loader
        host.report(StatusMessage("Finding what a reset of development deletes…"))
        host.work.start({ try await loader.resetPreview() }) { [weak self, weak host] preview in
            guard let self, let host else { return }
            switch preview {
            case .failure(let error):
                host.report(StatusMessage("Cannot tell what a reset deletes: \(ErrorMessage.text(for: error))", kind: .error))
            case .success(let preview):
                host.report(StatusMessage("Nothing is deleted until the container's name is typed"))
                let confirmation = Confirmation(
                    title: "Reset development of \(container)?", message: DeployLines.resetMessage(preview, container: container),
                    confirmTitle: "Reset", typedName: container)
                host.confirm(confirmation) { [weak self, weak host] in
                    guard let self, let host else { return }
                    host.change("Resetting development of \(container)", { try await loader.reset() }) { [weak self, weak host] reset in
                        guard let self, let host else { return }
                        outcome = DeployLines.resetDone(reset)
                        deployed = nil
                        show(DeployTab.changes.rawValue)
                        host.report(StatusMessage("Development of \(container) was reset", kind: .success))
                        refresh(host)
                    }
                }
            }
        }
    }
}
