extension EffectFile {
    /// `value` (an effect file) with every sprite's relative image path (an `"image"` member of
    /// an object in a `"sprites"` list) resolved in `folder`: the same effect wherever the text
    /// is read next (the resident overlay, a copy saved into another folder).
    package static func absoluteImagePaths(in value: JSONValue, folder: String, inSprites: Bool = false) -> JSONText {
        switch value.kind {
        case .array(let items):
            return .array(items.map { absoluteImagePaths(in: $0, folder: folder, inSprites: inSprites) })
        case .object(let members):
            return .object(members.map { member in
                if inSprites, member.key == "image", let path = member.value.stringValue {
                    return (member.key, .string(Sprite.Source.resolvedPath(path, relativeTo: folder)))
                }
                return (member.key, absoluteImagePaths(in: member.value, folder: folder, inSprites: member.key == "sprites"))
            })
        default:
            return JSONText(value)
        }
    }
}
