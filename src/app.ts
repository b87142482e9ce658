// createApp(deps) composes the domain plugins into one Elysia app. It never listens: the server
// and the tests decide how requests arrive.
import { Elysia } from "elysia";
import type { AppDeps } from "./compose.ts";
import { devClockRoutes } from "./http/dev-clock-routes.ts";
import { healthRoutes } from "./http/health-routes.ts";
import { httpBase } from "./http/http-base.ts";
import { canonicalAddress } from "./http/canonical-address.ts";
import { billingRoutes } from "./billing/routes.ts";
import { eventRoutes } from "./events/routes.ts";
import { generationRoutes } from "./generation/routes.ts";
import { referenceRoutes } from "./reference/routes.ts";
import { inboundRoutes } from "./inbound/routes.ts";
import { oauthRoutes } from "./oauth/routes.ts";
import { authRoutes } from "./web/auth-routes.ts";
import { externalSigninRoutes } from "./web/external-signin-routes.ts";
import { assetRoutes } from "./web/asset-routes.ts";
import { integrationsRoutes } from "./web/integrations-routes.ts";
import { webhooksRoutes } from "./web/webhooks-routes.ts";
import { usageRoutes } from "./web/usage-routes.ts";
import { eventsRoutes } from "./web/events-routes.ts";
import { accountRoutes } from "./web/account-routes.ts";
import { learnRoutes } from "./web/learn-routes.ts";
import { homeRoutes } from "./web/home-routes.ts";
import { reviewRoutes } from "./web/review-routes.ts";
import { lessonsRoutes } from "./web/lessons-routes.ts";
import { tutorRoutes } from "./web/tutor-routes.ts";
import { authorizeRoutes } from "./web/authorize-routes.ts";
import { docsRoutes } from "./web/docs-routes.ts";
import { operatorRoutes } from "./web/operator-routes.ts";
import { emailRoutes } from "./web/email-routes.ts";
import { metricsRoutes, routeRecorder } from "./metrics/routes.ts";

export function createApp(deps: AppDeps) {
  const app = new Elysia({ name: "parla" }).use(httpBase(deps)).use(canonicalAddress(deps.config))
    // Route templates label the request metrics; without /metrics nobody reads them.
    .use(deps.metrics ? routeRecorder() : new Elysia({ name: "route-recorder" }))
    .use(healthRoutes(deps))
    .use(metricsRoutes(deps))
    .use(assetRoutes())
    .use(authRoutes(deps))
    .use(externalSigninRoutes(deps))
    .use(oauthRoutes(deps))
    .use(authorizeRoutes(deps))
    .use(integrationsRoutes(deps))
    .use(webhooksRoutes(deps))
    .use(billingRoutes(deps))
    .use(eventRoutes(deps))
    .use(generationRoutes(deps))
    .use(referenceRoutes(deps))
    .use(inboundRoutes(deps))
    .use(usageRoutes(deps))
    .use(eventsRoutes(deps))
    .use(accountRoutes(deps))
    .use(homeRoutes(deps))
    .use(learnRoutes(deps))
    .use(reviewRoutes(deps))
    .use(lessonsRoutes(deps))
    .use(tutorRoutes(deps))
    .use(docsRoutes(deps))
    .use(operatorRoutes(deps))
    .use(emailRoutes(deps));
  if (deps.config.devClock) app.use(devClockRoutes(deps));
  return app;
}

export type App = ReturnType<typeof createApp>;
