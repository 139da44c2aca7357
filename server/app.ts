import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { registerAuth } from "./plugins/auth";
import { registerClient } from "./plugins/client";
import { registerErrorHandling } from "./plugins/errors";
import { createMailer, type Mailer } from "./plugins/mail";
import { registerRateLimit } from "./plugins/rate-limit";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { authRoutes } from "./routes/auth";
import { contactRoutes } from "./routes/contact";
import { healthRoutes } from "./routes/health";
import { mediaRoutes } from "./routes/media";
import { passwordResetRoutes } from "./routes/password-reset";
import { quoteRoutes } from "./routes/quotes";
import { reportRoutes } from "./routes/reports";
import { serviceRoutes } from "./routes/services";
import { subscriptionRoutes } from "./routes/subscriptions";

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Folder of the built client; omitted in API tests. */
  clientDir?: string;
  logger?: boolean | object;
  /** Replaces the mailer chosen from the configuration (tests). */
  mailer?: Mailer;
}

/** Builds the whole HTTP application without listening, so tests can drive it in-process. */
export async function buildApp({ config, database, clientDir, logger, mailer }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: "idle",
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const auth = { db, config };
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.production);
  await registerRateLimit(app);
  await registerAuth(app, auth);

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { ...auth, rateLimits: config.rateLimits });
  await app.register(passwordResetRoutes, {
    db,
    mailer: mailer ?? createMailer(config.mail, app.log),
    production: config.production,
    publicUrl: config.publicUrl,
    businessName: config.site.businessName,
    rateLimits: config.rateLimits,
  });
  await app.register(contactRoutes, { db, rateLimits: config.rateLimits });
  await app.register(serviceRoutes, { db });
  await app.register(subscriptionRoutes, { db });
  await app.register(reportRoutes, { db });
  await app.register(mediaRoutes, { db });
  await app.register(quoteRoutes, { db });

  await registerClient(app, clientDir, config.site);
  return app;
}
