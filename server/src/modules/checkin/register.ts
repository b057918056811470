import type { FastifyInstance } from 'fastify';
import { createCheckinService } from './checkin-service';
import type { CheckinDeps } from './deps';
import { createFamiliesService } from './families-service';
import { kioskRoutes } from './kiosk-routes';
import { createPrintService } from './printing/print-service';
import { setupRoutes } from './setup-routes';
import { stationRoutes } from './station-routes';

/** Children's check-in (issue 33): one call from modules.ts. */
export async function registerCheckin(api: FastifyInstance, deps: CheckinDeps) {
  const families = createFamiliesService(deps);
  const printing = createPrintService(deps.db, deps.printer);
  const checkin = createCheckinService(deps, families, printing);
  await api.register(kioskRoutes, { deps, families, checkin });
  await api.register(stationRoutes, { deps, families, checkin, printing });
  await api.register(setupRoutes, { deps, families, printing });
}
