import { Box } from '@mantine/core';
import { formatMatchPercent } from '@kindred/shared/format';
import { scoreBandColor } from '../../../lib/match-display.ts';

/**
 * The overall score in its colour band (eight bands, white text at AA contrast), written by the one rounding rule
 * the explanation uses too ("91.7%").
 */
export function ScoreBadge({ score, size = 'md' }: { score: number; size?: 'md' | 'lg' }) {
  return (
    <Box
      component="span"
      data-testid="score-badge"
      style={{
        background: scoreBandColor(score),
        color: '#fff',
        borderRadius: 999,
        fontWeight: 700,
        whiteSpace: 'nowrap',
        padding: size === 'lg' ? '8px 16px' : '4px 12px',
        fontSize: size === 'lg' ? '1.25rem' : '0.95rem',
      }}
    >
      {formatMatchPercent(score)} match
    </Box>
  );
}
