/**
 * The parts of Express the documentation's samples use, so that they type-check without the package:
 * `express()`, `express.json()`, `app.use`, `app.post`, `app.listen`, `request.body`, `response.status().json()`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface Request extends IncomingMessage {
  body?: unknown;
}

export interface Response extends ServerResponse {
  status(code: number): Response;
  json(body: unknown): Response;
}

export type Handler = (request: Request, response: Response, next: (error?: unknown) => void) => unknown;

export interface Application {
  use(...handlers: Handler[]): Application;
  post(path: string, ...handlers: Handler[]): Application;
  listen(port: number): unknown;
}

declare function express(): Application;
declare namespace express {
  function json(): Handler;
}

export default express;
