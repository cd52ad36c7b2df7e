import CKModel

/// The deterministic generator of CKModel, under the name the test targets use.
public typealias SeededGenerator = CKModel.SeededGenerator
