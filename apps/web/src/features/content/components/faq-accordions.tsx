import { useId } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import SvgIcon from '@mui/material/SvgIcon';
import { SafeHtml } from '../../../components/ui/safe-html';

/** One question and its answer (sanitised HTML) as readers see it. */
export interface FaqItem {
  key: string | number;
  question: string;
  answer: string;
}

export interface FaqAccordionsProps {
  items: readonly FaqItem[];
  /** The level of each question's heading under the section's own (h2 → h3). */
  headingLevel?: 'h3' | 'h4';
}

function ExpandIcon() {
  return (
    <SvgIcon aria-hidden="true" focusable="false">
      <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
    </SvgIcon>
  );
}

/**
 * Questions as expandable panels: each question is a heading holding a button (Enter or Space
 * opens it, its state is announced), its answer a region named by it. Closed at first.
 */
export function FaqAccordions({ items, headingLevel = 'h3' }: FaqAccordionsProps) {
  const id = useId();
  return (
    <Box sx={{ mt: 2 }}>
      {items.map((item, index) => {
        const summaryId = `${id}-${index}-question`;
        const detailsId = `${id}-${index}-answer`;
        return (
          <Accordion
            key={item.key}
            disableGutters
            slotProps={{ heading: { component: headingLevel } }}
            sx={{ '&:before': { opacity: 1 } }}
          >
            <AccordionSummary
              id={summaryId}
              aria-controls={detailsId}
              expandIcon={<ExpandIcon />}
              sx={{
                minHeight: 56,
                typography: 'h6',
                fontSize: '1.125rem',
                '&.Mui-focusVisible': {
                  outline: 3,
                  outlineColor: 'primary.main',
                  outlineOffset: -3,
                },
              }}
            >
              {item.question}
            </AccordionSummary>
            {/* MUI names the answer's region by the question (its id is aria-controls). */}
            <AccordionDetails sx={{ pt: 0 }}>
              <SafeHtml html={item.answer} sx={{ '& p:last-child': { mb: 0 } }} />
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
