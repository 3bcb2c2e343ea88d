/// A test could not be set up or a helper could not do its part: said in one line.
package struct TestFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
