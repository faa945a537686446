// Placeholder so the package loads while AFReplay is being written; replaced by real sources.
