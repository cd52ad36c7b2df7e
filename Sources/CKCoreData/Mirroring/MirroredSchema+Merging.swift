import CKSchema

extension MirroredSchema {
    /// `base` with what the model needs added: its record types that `base` lacks, the fields its types lack, and
    /// the indexes its fields lack. Nothing of `base` is removed or retyped, so the result can replace a development
    /// schema (which `ckdash schema import` does whole) without losing its other types.
    public func merged(into base: Schema) throws(MirroringError) -> Schema {
        var merged = base
        for type in try schema().recordTypes {
            guard let index = merged.recordTypes.firstIndex(where: { $0.name == type.name }) else {
                merged.recordTypes.append(type)
                continue
            }
            for field in type.fields {
                if let existing = merged.recordTypes[index].fields.firstIndex(where: { $0.name == field.name }) {
                    merged.recordTypes[index].fields[existing].indexes.formUnion(field.indexes)
                } else {
                    merged.recordTypes[index].fields.append(field)
                }
            }
        }
        return merged
    }
}
