/** Legal pages: src/content/legal/{uk,en}/{type}.md, edited as Markdown (spec part 2 "Legal pages"). */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const legal = defineCollection({
  loader: glob({ pattern: '{uk,en}/*.md', base: './src/content/legal' }),
  schema: z.object({
    title: z.string().min(3),
    subtitle: z.string().min(3),
    updated: z.coerce.date(),
  }),
});

export const collections = { legal };
