extension Effect {
    /// This effect with every sprite's relative image path resolved in `folder`: the same
    /// effect wherever it is written out and read next (the resident overlay, a copy saved into
    /// another folder). The pictures are kept as made; only the paths their sources name change.
    package func absoluteImagePaths(in folder: String) -> Effect {
        var effect = self
        for section in EffectFormat.sections {
            section.mapSprites(&effect) { $0.imagePath(relativeTo: folder) }
        }
        return effect
    }
}

extension Sprite {
    /// The sprite, its image path (if it has one) resolved in `folder`, its picture kept.
    func imagePath(relativeTo folder: String) -> Sprite {
        guard case .image(let path) = source else { return self }
        return Sprite(self, source: .image(path: Source.resolvedPath(path, relativeTo: folder)))
    }

    /// `sprite` with another source that names the same picture.
    private init(_ sprite: Sprite, source: Source) {
        self.source = source
        image = sprite.image
        size = sprite.size
        weight = sprite.weight
        tint = sprite.tint
    }
}
