/** The line under the firm's figures that dates them (FIRM_FIGURES_AS_OF: one date for every place they appear). */
import { FIRM_FIGURES_AS_OF } from '../constants.ts';
import { formatDate } from '../format.ts';

export function FiguresAsOf() {
  return (
    <p className="figures__as-of">
      As of <time dateTime={FIRM_FIGURES_AS_OF}>{formatDate(FIRM_FIGURES_AS_OF)}</time>
    </p>
  );
}
