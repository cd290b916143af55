// /api/opportunities: the sales pipeline, Business and above (the feature map's 'crm').
import { Hono } from 'hono';
import {
  boardQuerySchema,
  columnQuerySchema,
  isStage,
  OPPORTUNITY_TEXT,
  opportunityInputSchema,
  opportunityListQuerySchema,
  stageMoveSchema,
} from '#shared/pipeline.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { badRequest } from '#server/errors.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { listOpportunities, readBoard, readColumn, readFigures } from './board.ts';
import { createOpportunity, deleteOpportunity, getOpportunity, updateOpportunity } from '#server/entities/pipeline/opportunities.ts';
import { moveStage } from '#server/entities/pipeline/stages.ts';

export function pipelineRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/opportunities', requireFeature('crm'));
  r.use('/opportunities/*', requireFeature('crm'));
  r.get('/opportunities', async (c) => c.json(await listOpportunities(c.var.deps.db, c.var.actor, validate(opportunityListQuerySchema, c.req.query()))));
  r.get('/opportunities/board', async (c) => c.json(await readBoard(c.var.deps.db, c.var.actor, validate(boardQuerySchema, c.req.query()))));
  r.get('/opportunities/board/:stage', async (c) => {
    const stage = c.req.param('stage');
    if (!isStage(stage)) throw badRequest(OPPORTUNITY_TEXT.unknownStage(stage.slice(0, 40)), { stage: OPPORTUNITY_TEXT.unknownStage(stage.slice(0, 40)) });
    return c.json(await readColumn(c.var.deps.db, c.var.actor, stage, validate(columnQuerySchema, c.req.query())));
  });
  r.get('/opportunities/figures', async (c) => c.json(await readFigures(c.var.deps.db, c.var.actor)));
  r.post('/opportunities', async (c) => c.json(await createOpportunity(c.var.deps.db, c.var.actor, await readJson(c, opportunityInputSchema)), 201));
  r.get('/opportunities/:id', async (c) => c.json(await getOpportunity(c.var.deps.db, c.var.actor, idParam(c, 'id', OPPORTUNITY_TEXT.notFound))));
  r.put('/opportunities/:id', async (c) => c.json(await updateOpportunity(c.var.deps.db, c.var.actor, idParam(c, 'id', OPPORTUNITY_TEXT.notFound), await readJson(c, opportunityInputSchema))));
  r.patch('/opportunities/:id/stage', async (c) => {
    const input = await readJson(c, stageMoveSchema);
    return c.json(await moveStage(c.var.deps.db, c.var.actor, idParam(c, 'id', OPPORTUNITY_TEXT.notFound), input.stage, input.lost_reason));
  });
  r.delete('/opportunities/:id', async (c) => {
    await deleteOpportunity(c.var.deps.db, c.var.actor, idParam(c, 'id', OPPORTUNITY_TEXT.notFound));
    return c.json({ ok: true });
  });
  return r;
}
