import { randomUUID } from "node:crypto";
import type { RawData } from "ws";
import {
  CloseCode,
  decodeClientFrame,
  EventType,
  type EventMetadata,
  limits,
  SessionEndReason,
  SystemMessageLevel,
  SystemMessageText,
} from "../../../src/protocol/index.ts";
import type { Session } from "./session.ts";
import type { SessionSocket } from "./session-socket.ts";

/** The error a platform with `refuseSecondJoin` answers a join with while an agent is in the session. */
export const agentAlreadyJoinedText = "Error: Service agent already joined";

function rawDataBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function sendError(session: Session, socket: SessionSocket, message: string, metadata?: EventMetadata): void {
  session.sendTransientTo(socket, EventType.SystemMessage, { level: SystemMessageLevel.Error, message }, metadata);
}

/**
 * Whether the platform fails to forward this user message to the live agent: always while one is awaited
 * under `forwardFailures`, and once, with a live agent awaited or joined, after the `failNextForward` fault.
 */
function refusesForward(session: Session): boolean {
  if (session.platform.forwardFailures && session.awaitingLiveAgent) return true;
  if (!session.failNextForward || !session.demoAgent.withLiveAgent) return false;
  session.failNextForward = false;
  return true;
}

/**
 * Handles one client frame: measures it first (over the limit: `Message too large`,
 * then close 1009), counts it as activity (only a user message, when the platform says so), drops it silently past the session's frame budget, then
 * decodes it. Invalid frames and frames to an ended session get a transient error `SYSTEM_MESSAGE` that
 * echoes the readable `metadata`; valid ones are echoed (stored, except heartbeats) and handed to the
 * demo agent. Heartbeat echoes, second joins and messages sent while a live agent is awaited follow the
 * platform variants.
 */
export function handleSocketMessage(session: Session, socket: SessionSocket, data: RawData): void {
  const bytes = rawDataBuffer(data);
  if (!session.platform.heartbeatsNotActivity) session.touch();
  if (bytes.length > limits.maxFrameBytes) {
    sendError(session, socket, SystemMessageText.MessageTooLarge);
    socket.close(CloseCode.MessageTooBig, "message too large");
    return;
  }
  if (!session.frameLimiter.take("frames").allowed) {
    session.droppedFrames += 1;
    return;
  }
  const decoded = decodeClientFrame(bytes.toString("utf8"));
  if (decoded.kind === "error") return sendError(session, socket, decoded.message, decoded.metadata);
  const frame = decoded.frame;
  if (session.ended) return sendError(session, socket, SystemMessageText.SessionNotFound, frame.metadata);

  switch (frame.type) {
    case EventType.Heartbeat:
      session.echoHeartbeat(socket, frame.metadata);
      return;
    case EventType.UserTyping:
      return;
    case EventType.RequestServiceAgentJoin:
      if (session.platform.refuseSecondJoin && session.demoAgent.agentPresent) {
        return sendError(session, socket, agentAlreadyJoinedText, frame.metadata);
      }
      session.store(EventType.RequestServiceAgentJoin, {}, frame.metadata);
      session.demoAgent.requestJoin();
      return;
    case EventType.UserEndSession:
      session.store(EventType.UserEndSession, {}, frame.metadata);
      session.end(SessionEndReason.UserEnd);
      return;
    case EventType.UserMessage: {
      if (refusesForward(session)) return sendError(session, socket, SystemMessageText.ForwardFailed, frame.metadata);
      const clientEventId = frame.metadata?.custom?.client_event_id;
      session.touch();
      session.receivedUserMessages.push(
        typeof clientEventId === "string" ? { text: frame.payload.text, clientEventId } : { text: frame.payload.text },
      );
      session.store(EventType.UserMessage, { text: frame.payload.text, message_id: randomUUID() }, frame.metadata);
      session.demoAgent.userMessage(frame.payload.text);
    }
  }
}
