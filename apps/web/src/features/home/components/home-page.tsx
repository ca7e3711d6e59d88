import { DEFAULT_DESCRIPTION, Seo } from '../../../lib/seo.tsx';
import { ArticlesSection } from './articles-section.tsx';
import { Hero, HowItWorks, JourneyCta, StepsBanner } from './hero-sections.tsx';
import { ProcessGallery } from './process-gallery.tsx';
import { SupportPanels } from './support-panels.tsx';
import { TeamSection } from './team-section.tsx';
import { TestimonialsCarousel } from './testimonials-carousel.tsx';
import { Benefits, EthicsTeaser, MissionVision, Services } from './value-sections.tsx';

/** The home page: every section of both spec variants, composed into one page (spec section 2). */
export function HomePage() {
  return (
    <>
      <Seo title="Kindred" description={DEFAULT_DESCRIPTION} path="/" />
      <Hero />
      <HowItWorks />
      <StepsBanner />
      <Benefits />
      <Services />
      <MissionVision />
      <EthicsTeaser />
      <ArticlesSection />
      <ProcessGallery />
      <TeamSection />
      <SupportPanels />
      <TestimonialsCarousel />
      <JourneyCta />
    </>
  );
}
