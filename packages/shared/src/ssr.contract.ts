import type {
  BlogDetailDto,
  BlogDto,
  BlogListResponse,
  ResourceDto,
  TeamMemberDto,
  TestimonialDto,
} from './content.schemas.ts';
import type { PlanDto } from './plans.ts';

// The contract between the API server and the web app's server-rendering entry (apps/web/src/entry-server.tsx):
// types only, so neither side imports the other.

/** Data the server hands the renderer; each loader reads the repositories directly (no HTTP round trip). */
export type SsrLoaders = {
  recentBlogs(): Promise<BlogDto[]>;
  blogPage(page: number, pageSize: number): Promise<BlogListResponse>;
  blogBySlug(slug: string): Promise<BlogDetailDto | null>;
  team(): Promise<TeamMemberDto[]>;
  testimonials(): Promise<TestimonialDto[]>;
  resources(): Promise<ResourceDto[]>;
  plans(): Promise<PlanDto[]>;
};

/** The contract of apps/web/src/entry-server.tsx, built by `vite build --ssr` into apps/web/dist-server. */
export type SsrModule = {
  isServerRendered(pathname: string): boolean;
  render(
    url: string,
    opts: { loaders: SsrLoaders; origin: string },
  ): Promise<{ status: number; html: string; head: string; data: string; module?: string }>;
};
