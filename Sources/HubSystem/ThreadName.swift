import CHubSystem

/// Names the calling thread, as `top -H` and `/proc/<pid>/task/<tid>/comm` show it (Linux keeps 15 bytes).
public func nameCurrentThread(_ name: String) {
    _ = chubsystem_name_this_thread(name)
}
