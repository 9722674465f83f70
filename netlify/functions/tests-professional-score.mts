import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { CareerScoreRequest, scoreCareer, scoreHandler } from '../../src/lib/server/scoring.ts';

/** Scores a complete answer sheet on the server and returns the result at the caller's access, with a signed token. */
export default secured(scoreHandler(CareerScoreRequest, scoreCareer));

export const config: Config = { path: '/api/tests/professional/score', method: 'POST' };
