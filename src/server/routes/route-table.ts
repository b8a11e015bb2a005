import type { ChatProxyRoute } from "../configuration/proxy-config.ts";
import type { ErrorShape } from "../http/answers.ts";
import type { Visitor } from "../security/visitor-cookies.ts";
import { serveCallback, serveCallbackSettings, serveCallbackStatus, type CallbackRouteContext } from "./callback-routes.ts";
import { serveChatAction, type ChatRouteContext } from "./chat-routes.ts";
import { serveDni, type DniRouteContext } from "./dni-route.ts";
import { serveFeedback, type FeedbackRouteContext } from "./feedback-route.ts";
import { serveAccessToken, type TokenRouteContext } from "./token-route.ts";

/** A request that passed every check, as a route serves it. */
export interface RouteCall {
  request: Request;
  /** The JSON body's fields (none for a GET). */
  fields: Record<string, unknown>;
  /** The visitors the request proves, the owner of anything created first. */
  visitors: readonly Visitor[];
  /** The path's last segment where the route takes one (a call's handle), else "". */
  parameter: string;
}

/** One route: its name, error shape, methods, how it treats visitors, and what serves it. */
export interface RouteDefinition {
  route: ChatProxyRoute;
  shape: ErrorShape;
  methods: readonly string[];
  /** Whether a request proving no visitor gets a new one (else it can own nothing). */
  mintsVisitor: boolean;
  /** Whether a request proving no visitor is served anyway: the route reads nothing of anyone's. */
  openToAll?: boolean;
  serve(call: RouteCall): Response | Promise<Response>;
}

/** The contexts of the routes the configuration turns on. */
export interface RouteServices {
  chat?: ChatRouteContext | undefined;
  token?: TokenRouteContext | undefined;
  callback?: CallbackRouteContext | undefined;
  dni?: DniRouteContext | undefined;
  feedback?: FeedbackRouteContext | undefined;
}

/**
 * The routes served under `prefix`, by path: the chat routes when the Chat API is configured, the token
 * route when Messaging is, the callback routes when Outbound Calling is, the DNI route when DNI is, the
 * feedback route when the site takes feedback (`onFeedback`). One
 * path may hold a route per method (`{prefix}/callback`: its settings by GET, a call by POST).
 */
export class RouteTable {
  private readonly exact = new Map<string, RouteDefinition[]>();
  private readonly callbackStatusPrefix: string;
  private statusRoute: RouteDefinition | undefined;

  constructor(prefix: string, services: RouteServices) {
    const { chat, token, callback, dni, feedback } = services;
    this.callbackStatusPrefix = `${prefix}/callback/`;
    if (chat) {
      this.add(`${prefix}/chat/create`, chatRoute(chat, "create", ["POST"], true));
      this.add(`${prefix}/chat/respond`, chatRoute(chat, "respond", ["POST"], false));
      // The platform's close is a PUT; a POST is accepted too, and forwarded as the PUT it must be.
      this.add(`${prefix}/chat/close`, chatRoute(chat, "close", ["PUT", "POST"], false));
    }
    if (token) {
      this.add(`${prefix}/access-token`, {
        route: "access-token",
        shape: "messaging",
        methods: ["POST"],
        mintsVisitor: true,
        serve: () => serveAccessToken(token),
      });
    }
    if (callback) {
      this.add(`${prefix}/callback`, {
        route: "callback-settings",
        shape: "chat",
        methods: ["GET"],
        mintsVisitor: false,
        openToAll: true,
        serve: () => serveCallbackSettings(callback),
      });
      this.add(`${prefix}/callback`, {
        route: "callback",
        shape: "chat",
        methods: ["POST"],
        mintsVisitor: true,
        serve: ({ request, fields, visitors }) => serveCallback(callback, request, fields, visitors),
      });
      this.statusRoute = {
        route: "callback-status",
        shape: "chat",
        methods: ["GET"],
        mintsVisitor: false,
        serve: ({ parameter, visitors }) => serveCallbackStatus(callback, parameter, visitors),
      };
    }
    if (dni) {
      this.add(`${prefix}/dni`, {
        route: "dni",
        shape: "chat",
        methods: ["POST"],
        mintsVisitor: true,
        serve: ({ request, fields, visitors }) => serveDni(dni, request, fields, visitors),
      });
    }
    if (feedback) {
      this.add(`${prefix}/feedback`, {
        route: "feedback",
        shape: "chat",
        methods: ["POST"],
        mintsVisitor: true,
        serve: ({ request, fields, visitors }) => serveFeedback(feedback, request, fields, visitors),
      });
    }
  }

  /** The routes of `pathname` (without a trailing slash) and its parameter; undefined when none is served there. */
  find(pathname: string): { definitions: RouteDefinition[]; parameter: string } | undefined {
    const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    const definitions = this.exact.get(path);
    if (definitions) return { definitions, parameter: "" };
    if (this.statusRoute && path.startsWith(this.callbackStatusPrefix)) {
      const segment = path.slice(this.callbackStatusPrefix.length);
      if (segment === "" || segment.includes("/")) return undefined;
      let parameter: string;
      try {
        parameter = decodeURIComponent(segment);
      } catch {
        parameter = "";
      }
      return { definitions: [this.statusRoute], parameter };
    }
    return undefined;
  }

  private add(path: string, definition: RouteDefinition): void {
    this.exact.set(path, [...(this.exact.get(path) ?? []), definition]);
  }
}

function chatRoute(
  chat: ChatRouteContext,
  action: "create" | "respond" | "close",
  methods: readonly string[],
  mintsVisitor: boolean,
): RouteDefinition {
  return {
    route: `chat-${action}`,
    shape: "chat",
    methods,
    mintsVisitor,
    serve: ({ request, fields, visitors }) => serveChatAction(chat, action, request, fields, visitors),
  };
}
