import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { IqScoreRequest, iqScoringLimits, scoreIq, scoreHandler } from '../../src/lib/server/scoring.ts';

/** Scores a complete answer sheet on the server and returns the result at the caller's access, with a signed token. */
export default secured(scoreHandler(IqScoreRequest, scoreIq, iqScoringLimits));

export const config: Config = { path: '/api/tests/iq/score', method: 'POST' };
