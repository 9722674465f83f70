/**
 * The small wrapper of a scheduled function (no request to read, nobody to answer): run the job, log its report as
 * one line, answer 204; a failure is logged with its stack and answered 500, so the platform records the run failed.
 */
export const scheduled = (name: string, job: () => Promise<unknown>) => async (): Promise<Response> => {
  try {
    console.log(`[${name}]`, JSON.stringify(await job()));
    return new Response(null, { status: 204 });
  } catch (err) {
    console.error(`[${name}] failed:`, (err as Error).stack ?? err);
    return new Response(null, { status: 500 });
  }
};
