import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language, ReportAction, StaffReport } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { formatDateTime, memberName } from '../lib/format';
import { DetailRows } from './detail-rows';
import { MemberRef } from './member-ref';
import { HiddenContext } from './hidden-context';

export interface StaffReportItemProps {
  report: StaffReport;
  language: Language;
  /** Whether the viewer may act on reports (the buttons show on open reports only). */
  mayAct: boolean;
  /** An action is on its way: the buttons say so and do not send a second one. */
  pending: boolean;
  /** The entry's heading, which takes the focus once an action changed the report. */
  headingRef: Ref<HTMLHeadingElement>;
  onAction: (report: StaffReport, action: ReportAction) => void;
}

/**
 * One report in the queue, as a labelled article: why, who reported whom, the post, what they
 * wrote, when; once handled, what staff did. Open reports offer hide the post (when there is one,
 * still shown), warn, suspend (unless suspended already) and dismiss.
 */
export function StaffReportItem({
  report,
  language,
  mayAct,
  pending,
  headingRef,
  onAction,
}: StaffReportItemProps) {
  const { t } = useTranslation(['staff', 'connections']);
  const headingId = `report-${report.id}`;
  const reported = memberName(report.reported);
  const reason = t(`connections:safety.reportDialog.reasons.${report.reason}`);
  const actions: ReportAction[] =
    mayAct && report.status === 'open'
      ? [
          ...(report.post && !report.post.hidden ? (['hide_post'] as const) : []),
          'warn',
          ...(report.reported.suspended ? [] : (['suspend'] as const)),
          'dismiss',
        ]
      : [];
  const resolution = report.resolution;

  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2, listStyle: 'none' }}
    >
      <Box component="article" aria-labelledby={headingId}>
        <Typography
          component="h2"
          variant="h3"
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
        >
          {t('staff:reports.item.title', { reason, name: reported })}
        </Typography>
        <DetailRows
          rows={[
            {
              label: t('staff:reports.item.status'),
              value: t(`staff:reports.status.${report.status}`),
            },
            {
              label: t('staff:reports.item.reported'),
              value: (
                <>
                  <MemberRef member={report.reported} language={language} />
                  {report.reported.suspended ? ` (${t('staff:reports.item.suspended')})` : null}
                </>
              ),
            },
            {
              label: t('staff:reports.item.reporter'),
              value: report.reporter ? (
                <MemberRef member={report.reporter} language={language} />
              ) : (
                t('staff:reports.item.reporterGone')
              ),
            },
            report.post
              ? {
                  label: t('staff:reports.item.post'),
                  value: (
                    <>
                      <TextLink
                        to="/$lang/post/$slug"
                        params={{ lang: language, slug: report.post.slug }}
                      >
                        {report.post.title}
                      </TextLink>
                      {report.post.hidden ? ` (${t('staff:reports.item.postHidden')})` : null}
                    </>
                  ),
                }
              : null,
            {
              label: t('staff:reports.item.details'),
              value: report.details.trim() ? (
                <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                  {report.details}
                </Box>
              ) : (
                t('staff:reports.item.noDetails')
              ),
            },
            {
              label: t('staff:reports.item.received'),
              value: (
                <time dateTime={report.createdAt}>
                  {formatDateTime(report.createdAt, language)}
                </time>
              ),
            },
            resolution
              ? {
                  label: t('staff:reports.item.outcome'),
                  value: t('staff:reports.outcome', {
                    action: t(`staff:reports.actions.${resolution.action}`),
                    name: resolution.by
                      ? memberName(resolution.by)
                      : t('staff:reports.item.someone'),
                    time: formatDateTime(resolution.at, language),
                  }),
                }
              : null,
            resolution?.note
              ? {
                  label: t('staff:reports.item.note'),
                  value: (
                    <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                      {resolution.note}
                    </Box>
                  ),
                }
              : null,
          ]}
        />
        {actions.length > 0 ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
            {actions.map((action) => (
              <Button
                key={action}
                variant={action === 'dismiss' ? 'text' : 'outlined'}
                color={action === 'suspend' ? 'error' : 'primary'}
                aria-disabled={pending}
                onClick={() => !pending && onAction(report, action)}
              >
                {t(`staff:reports.buttons.${action}`)}
                <HiddenContext>
                  {t('staff:reports.item.title', { reason, name: reported })}
                </HiddenContext>
              </Button>
            ))}
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}
