import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/** The request and response classes an HTTP server is given (createServer's options). */
export interface MessageClasses {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/**
 * Request and response classes whose objects are born with an Express app's request and response
 * prototypes. Express gives every request and response it handles those prototypes
 * (Object.setPrototypeOf): on an object already in use that means a new hidden class on the spot,
 * and the engine's property caches, in Node's HTTP code as in Express, then miss request after
 * request. Express still sets them; for these objects it changes nothing. Node's own classes are
 * constructed as before (same fields, same order); only the prototype differs, and it inherits
 * from theirs.
 */
export function appMessageClasses(app: Express): MessageClasses {
  function AppRequest(this: IncomingMessage, socket: Socket): void {
    Reflect.apply(IncomingMessage, this, [socket]);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: object): void {
    Reflect.apply(ServerResponse, this, [req, options]);
  }
  AppResponse.prototype = app.response;
  return {
    IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
    ServerResponse: AppResponse as unknown as typeof ServerResponse,
  };
}
