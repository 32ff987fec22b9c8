import HubSystem
import NIOCore

/// Closes a connection when `IdleStateHandler` reports that nothing was read for its timeout, so a
/// silent client cannot hold a connection slot.
final class IdleConnectionCloser: ChannelInboundHandler, Sendable {
    typealias InboundIn = LineFrameDecoder.Frame
    typealias InboundOut = LineFrameDecoder.Frame

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }
}
