import ArgumentParser
import CKSchema

/// `--format jsonl|csv` of `records export` and `records import`.
extension RecordFileFormat: ExpressibleByArgument {}
