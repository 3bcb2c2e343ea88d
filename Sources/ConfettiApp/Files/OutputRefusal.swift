/// A refusal that is not an errno: one line, said as it is.
package struct OutputRefusal: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}
