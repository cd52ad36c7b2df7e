import ArgumentParser
import CKModel

/// `ckdash logs --caller` takes a kind of caller by its name.
extension CallerKind: ExpressibleByArgument {}
