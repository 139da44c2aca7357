import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { registerClient } from "./plugins/client";
import { registerErrorHandling } from "./plugins/errors";
import { registerRateLimit } from "./plugins/rate-limit";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { contactRoutes } from "./routes/contact";
import { healthRoutes } from "./routes/health";

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Folder of the built client; omitted in API tests. */
  clientDir?: string;
  logger?: boolean | object;
}

/** Builds the whole HTTP application without listening, so tests can drive it in-process. */
export async function buildApp({ config, database, clientDir, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: "idle",
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.production);
  await registerRateLimit(app);

  await app.register(healthRoutes, { database });
  await app.register(contactRoutes, { db: database.db, rateLimits: config.rateLimits });

  await registerClient(app, clientDir, config.site);
  return app;
}
