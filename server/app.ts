import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { registerAuth } from "./auth/session-hook";
import { type Config, mapServicesUserAgent } from "./config";
import type { DatabaseHandle } from "./db/client";
import { registerDrain } from "./http/drain";
import { registerErrorHandling } from "./http/errors";
import { registerInputGuards } from "./http/input-guards";
import { loggerOptions } from "./http/logging";
import { registerMetrics } from "./http/metrics";
import { registerOpenApi } from "./http/openapi";
import { registerRateLimit } from "./http/rate-limit";
import { registerSecurityHeaders } from "./http/security-headers";
import { httpServerOptions, registerBodyDeadline } from "./http/slow-requests";
import { trustProxyOption } from "./http/trust-proxy";
import { createMailer, type Mailer } from "./mail/mailer";
import { createNotifier } from "./jobs/notifier";
import { caseStudyRoutes } from "./routes/case-studies";
import { adminCaseStudyRoutes } from "./routes/admin/case-studies";
import type { PaymentProvider } from "./payments/provider";
import { paymentProviderFor } from "./payments/select-provider";
import { startQueue } from "./queue/queue";
import { taskContext, tasks } from "./tasks";
import { billingSource } from "./billing/settings";
import { businessSettingsFor } from "./settings/business-settings";
import { adminSettingsRoutes } from "./routes/admin/settings";
import { adminSearchRoutes } from "./routes/admin/search";
import { siteRoutes } from "./routes/site";
import { adminCustomerRoutes } from "./routes/admin/customers";
import { adminEstimateRoutes } from "./routes/admin/estimates";
import { adminPriceListRoutes } from "./routes/admin/price-list";
import { adminFindingRoutes } from "./routes/admin/findings";
import { adminInspectionReportRoutes } from "./routes/admin/inspection-report";
import { adminInvitationRoutes } from "./routes/admin/invitations";
import { layerDetectionRoutes } from "./routes/admin/layer-detection";
import { adminInvoiceRoutes } from "./routes/admin/invoices";
import { adminJobRoutes } from "./routes/admin/jobs";
import { adminOperatorRecordRoutes } from "./routes/admin/operator-records";
import { adminPreflightRoutes } from "./routes/admin/preflight";
import { adminFlightLogRoutes } from "./routes/admin/flight-log-export";
import { adminFlightProposalRoutes } from "./routes/admin/flight-proposal";
import { adminMapLayerRoutes } from "./routes/admin/map-layers";
import { adminSiteLayoutRoutes } from "./routes/admin/site-layout";
import { adminMediaRoutes } from "./routes/admin/media";
import { adminOutboxRoutes } from "./routes/admin/outbox";
import { adminOverviewRoutes } from "./routes/admin/overview";
import { adminPaymentRoutes } from "./routes/admin/payments";
import { adminQuoteRoutes } from "./routes/admin/quotes";
import { adminReportRoutes } from "./routes/admin/reports";
import { resumableUploadRoutes } from "./routes/admin/resumable-uploads";
import { adminSiteContentRoutes } from "./routes/admin/site-content";
import { adminGalleryCategoryRoutes } from "./routes/admin/gallery-categories";
import { adminSitePageRoutes } from "./routes/admin/site-pages";
import { adminSiteImageRoutes } from "./routes/admin/site-images";
import { adminUploadRoutes } from "./routes/admin/uploads";
import { adminUserRoutes } from "./routes/admin/users";
import { authRoutes } from "./routes/auth";
import { contactRoutes } from "./routes/contact";
import { geocodeRoutes } from "./routes/geocode";
import { demoPaymentRoutes } from "./routes/demo-payments";
import { estimateRoutes } from "./routes/estimates";
import { fileRoutes } from "./routes/files";
import { findingRoutes } from "./routes/findings";
import { galleryRoutes } from "./routes/gallery";
import { healthRoutes } from "./routes/health";
import { invitationRoutes } from "./routes/invitations";
import { invoiceRoutes } from "./routes/invoices";
import { jobDocumentRoutes } from "./routes/job-documents";
import { shareLinkRoutes } from "./routes/share-links";
import { shareRoutes } from "./routes/share";
import { jobDownloadRoutes } from "./routes/job-download";
import { jobRoutes } from "./routes/jobs";
import { mapLayerRoutes } from "./routes/map-layers";
import { mediaRoutes } from "./routes/media";
import { passwordResetRoutes } from "./routes/password-reset";
import { paymentAttemptLimiter, paymentRoutes } from "./routes/payments";
import { quoteRoutes } from "./routes/quotes";
import { reportRoutes } from "./routes/reports";
import { serviceRoutes } from "./routes/services";
import { siteContentRoutes } from "./routes/site-content";
import { sitePageRoutes } from "./routes/site-pages";
import { siteImageRoutes } from "./routes/site-images";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { subscriptionRoutes } from "./routes/subscriptions";
import { waitingRoutes } from "./routes/waiting";
import { ogCardRoutes } from "./site/og-card";
import { seoRoutes } from "./site/seo";
import { previewSigner } from "./site-pages/preview-token";
import { registerClient } from "./site/serve-client";
import { PageRenderer } from "./site/page-renderer";
import { renderStalePagesWith } from "./site/render-pages";
import { renderPagesTask } from "./site/render-pages-task";
import { siteNowFrom } from "./site/site-config";
import { socialProfileUrls } from "./site-content/social-links";
import { publishedSite, sitemapPages } from "./site-pages/pages";
import { storageFor } from "./storage/select-storage";
import type { Storage } from "./storage/storage";
import { resumableStoreFor } from "./uploads/tus/resumable-store";

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Folder of the built client; omitted in API tests. */
  clientDir?: string;
  /** Also export the process's own metrics (CPU, memory, event loop); once per process, so not in tests. */
  processMetrics?: boolean;
  /** Logger options replacing the configured ones (tests: false, or a stream to read). */
  logger?: boolean | object;
  /** Replaces the mailer chosen from the configuration (tests). */
  mailer?: Mailer;
  /** Replaces the storage chosen from the configuration (tests). */
  storage?: Storage;
  /** Replaces the payment provider chosen from the configuration (tests: Stripe against a local server). */
  payments?: PaymentProvider | null;
}

/** Builds the whole HTTP application without listening, so tests can drive it in-process. */
export async function buildApp({
  config,
  database,
  clientDir,
  logger,
  processMetrics = false,
  mailer,
  storage = storageFor(config),
  payments: givenPayments,
}: AppOptions): Promise<FastifyInstance> {
  const payments = givenPayments === undefined ? await paymentProviderFor(config) : givenPayments;
  const logging = loggerOptions(config.logLevel);
  const app = Fastify({
    ...logging,
    logger: logger ?? logging.logger,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: "idle",
    http: httpServerOptions(config.timeouts),
  });
  registerBodyDeadline(app, config.timeouts);
  // The id every log line of this request carries, handed back so a report can quote it.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const auth = { db, config };
  // The business's settings, read from the database at each use (docs/decisions/0055-business-settings.md).
  const processSettings = businessSettingsFor(config, db);
  const { store: settings, site, secretKey } = processSettings;
  const preview = previewSigner(secretKey);
  // The public pages, rendered again after a publish or a settings save (docs/decisions/0064-pages-rendered-at-publish.md).
  const renderer = PageRenderer.ifBuilt(clientDir);
  const siteNow = siteNowFrom(config, settings, socialProfileUrls(db));
  const renderStale = renderer ? renderStalePagesWith(db, renderer, siteNow) : undefined;
  const mail = mailer ?? createMailer(async () => (await settings.read()).mail, app.log);
  // Mail and other background work go through the durable queue; its workers run here unless QUEUE_WORKERS=false.
  const queue = await startQueue(database, {
    log: app.log,
    retryDelaySeconds: config.queueRetryDelaySeconds,
    migrate: config.migrateOnStart,
    tasks,
    ...(config.queueWorkers ? { workers: taskContext(config, db, processSettings, mail, app.log, storage, renderStale ?? null) } : {}),
  });
  app.addHook("onClose", () => queue.stop());
  const notifier = createNotifier(db, queue, app.log, site);
  /** After a publish or a settings save has committed: the pages it changed are rendered in the background. */
  const pagesChanged = () => queue.send(renderPagesTask, {});
  registerErrorHandling(app);
  registerInputGuards(app);
  registerDrain(app);
  const securityHeaders = await registerSecurityHeaders(app, {
    production: config.production,
    stripe: payments?.kind === "stripe",
    mapTileUrls: [config.site.mapTileUrl, config.site.mapSatelliteUrl],
  });
  await registerRateLimit(app, config.redisUrl);
  await registerAuth(app, auth);
  await registerOpenApi(app);
  registerMetrics(app, { processMetrics });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { ...auth, site, rateLimits: config.rateLimits });
  await app.register(passwordResetRoutes, {
    db,
    queue,
    resetLinkInAnswer: async () => config.resetLinkInAnswer && (await settings.read()).mail === null,
    publicUrl: config.publicUrl,
    site,
    rateLimits: config.rateLimits,
  });
  await app.register(invitationRoutes, { ...auth, site, rateLimits: config.rateLimits });
  await app.register(contactRoutes, { db, notifier, rateLimits: config.rateLimits });
  await app.register(serviceRoutes, { db });
  const limitNewAttempts = paymentAttemptLimiter(app, config.rateLimits.payment);
  // Quote to cash (docs/decisions/0026-quote-to-cash.md): estimates, invoices, payments towards
  // them, receipts, their PDFs and mails.
  const billingNow = billingSource(settings, db, config.publicUrl, config.business.logo);
  const billing = { db, queue, billing: billingNow, provider: payments };
  await app.register(subscriptionRoutes, { db, provider: payments, publicUrl: config.publicUrl, limitNewAttempts });
  await app.register(paymentRoutes, { db, provider: payments, billing: billingNow, limitNewAttempts });
  if (payments?.kind === "demo") await app.register(demoPaymentRoutes, { ...billing, provider: payments });
  await app.register(stripeWebhookRoutes, billing);
  await app.register(reportRoutes, { db });
  await app.register(mediaRoutes, { db });
  await app.register(quoteRoutes, { db });
  await app.register(jobRoutes, { db, notifier, publicUrl: config.publicUrl });
  await app.register(jobDocumentRoutes, { db, storage, notifier });
  await app.register(jobDownloadRoutes, { db, storage, publicUrl: config.publicUrl });
  await app.register(shareLinkRoutes, { db });
  await app.register(shareRoutes, { db, storage, queue, config, site, billing: billingNow });
  await app.register(fileRoutes, { db, storage });
  await app.register(mapLayerRoutes, { db, storage });
  await app.register(geocodeRoutes, {
    geocoder: config.geocoder,
    settings,
    windowMs: config.rateLimits.windowMs,
    userAgent: mapServicesUserAgent(config.publicUrl),
  });
  await app.register(findingRoutes, { db, queue, publicUrl: config.publicUrl, storage });
  await app.register(galleryRoutes, { db });
  await app.register(siteContentRoutes, { db, settings });
  await app.register(caseStudyRoutes, { db, storage });
  await app.register(sitePageRoutes, { db, preview });
  await app.register(siteRoutes, { db, settings });
  await app.register(adminSettingsRoutes, { db, settings, pagesChanged });
  await app.register(adminSearchRoutes, { db });
  await app.register(seoRoutes, { publicUrl: config.publicUrl, pages: () => sitemapPages(db) });
  await app.register(adminUploadRoutes, { db, storage, notifier, queue });
  await app.register(adminUserRoutes, { db });
  await app.register(adminReportRoutes, { db, storage });
  await app.register(adminJobRoutes, { db, notifier, billing: billingNow });
  await app.register(adminOperatorRecordRoutes, { db, billing: billingNow, storage });
  await app.register(adminPreflightRoutes, { db });
  await app.register(adminFlightProposalRoutes, { db, storage });
  await app.register(adminFlightLogRoutes, { db, billing: billingNow });
  await app.register(adminMediaRoutes, { db, storage });
  await app.register(adminGalleryCategoryRoutes, { db });
  await app.register(adminSiteContentRoutes, { db, settings, pagesChanged });
  await app.register(adminCaseStudyRoutes, { db, notifier });
  await app.register(adminSitePageRoutes, { db, preview, publicUrl: config.publicUrl, pagesChanged });
  await app.register(adminSiteImageRoutes, { db, storage });
  await app.register(siteImageRoutes, { storage });
  await app.register(adminMapLayerRoutes, { db, storage, queue, rasters: config.rasters });
  await app.register(adminSiteLayoutRoutes, { db });
  await app.register(resumableUploadRoutes, {
    db,
    storage,
    store: resumableStoreFor(config, storage),
    notifier,
    queue,
    rasters: config.rasters,
    log: app.log,
    databaseUrl: config.databaseUrl,
  });
  await app.register(adminFindingRoutes, { db, storage, queue, thresholds: config.findingThresholds });
  await app.register(adminInspectionReportRoutes, { db, queue });
  await app.register(layerDetectionRoutes, { db, queue });
  await app.register(adminQuoteRoutes, { db, notifier });
  await app.register(adminPaymentRoutes, { db, provider: payments });
  await app.register(adminCustomerRoutes, { db, queue });
  await app.register(adminInvitationRoutes, { db, queue });
  await app.register(estimateRoutes, billing);
  await app.register(adminEstimateRoutes, billing);
  await app.register(adminPriceListRoutes, { db });
  await app.register(invoiceRoutes, billing);
  await app.register(adminInvoiceRoutes, billing);
  await app.register(waitingRoutes, billing);
  await app.register(adminOverviewRoutes, billing);
  // The development Outbox (docs/product.md §2), where the page's site config says there is one: in production the address does not exist.
  if (config.site.devOutbox) await app.register(adminOutboxRoutes, { db });

  await app.register(ogCardRoutes, { clientDir, site: siteNow, published: () => publishedSite(db) });
  await registerClient(app, { clientDir, renderer, renderStale, db, publicUrl: config.publicUrl, pagePolicy: securityHeaders.pagePolicy });
  return app;
}
