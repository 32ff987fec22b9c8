/// What became of a message the hub published (QoS 1).
public enum MQTTPublishResult: Sendable, Equatable {
    /// The broker acknowledged it (PUBACK).
    case acknowledged
    /// No connection to the broker: publish again once connected.
    case notConnected
    /// libmosquitto refused it (an invalid topic, a payload over the protocol's limit), in words.
    case refused(String)
    /// No acknowledgement within the time allowed; the library may still deliver it.
    case timedOut
}
