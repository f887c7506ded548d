import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  REPORT_STATUSES,
  type Language,
  type ReportAction,
  type StaffAbilities,
  type StaffReport,
} from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { useShowMore } from '../../../hooks/use-show-more';
import { errorText } from '../../../lib/error-text';
import { postKeys } from '../../../lib/api/posts';
import {
  actOnReport,
  replaceInPages,
  staffKeys,
  staffReportsQueryOptions,
  type ReportStatus,
  type StaffReportsData,
} from '../../../lib/api/staff';
import { memberName } from '../lib/format';
import { ListStatus, listStatusText } from './list-status';
import { ReportActionDialog } from './report-action-dialog';
import { StaffReportItem } from './staff-report-item';
import { StatusFilter } from './status-filter';

export interface StaffReportsScreenProps {
  language: Language;
  abilities: StaffAbilities;
  /** Which reports are shown (the address keeps it: `?status=resolved`). */
  status: ReportStatus;
  onStatusChange: (status: ReportStatus) => void;
}

interface Pending {
  report: StaffReport;
  action: ReportAction;
}

/**
 * `/{lang}/medel/reports`: the reports of the viewer's area, open ones first in the filter. Hiding
 * the post and dismissing act at once; warning asks for the note the member reads; suspending asks
 * to confirm. The report then shows what was done in place, its heading takes the focus (the
 * buttons are gone), and a polite message says what happened.
 */
export function StaffReportsScreen({
  language,
  abilities,
  status,
  onStatusChange,
}: StaffReportsScreenProps) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const list = useRef<HTMLUListElement>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  /** The report whose heading takes the focus once its dialog has faded out. */
  const focusAfterDialog = useRef<number | null>(null);
  /** The report and action a dialog asks about; kept while the dialog fades out. */
  const [dialog, setDialog] = useState<Pending | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [news, setNews] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reports = useInfiniteQuery(staffReportsQueryOptions(status));
  const items = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  const showMore = useShowMore(reports, list, items.length);

  const act = useMutation({
    mutationFn: ({ report, action, note }: Pending & { note?: string }) =>
      actOnReport(report.id, { action, ...(note ? { note } : {}) }),
    onMutate: () => {
      setFailure(null);
      setNews(null);
    },
    onSuccess: (updated, { report, action }) => {
      // The report stays where it is, showing what was done; the other lists and the counts are
      // read again.
      queryClient.setQueryData<StaffReportsData>(staffKeys.reports(status), (data) =>
        replaceInPages(data, 'reports', updated),
      );
      void queryClient.invalidateQueries({
        queryKey: staffKeys.reportLists(),
        predicate: (query) => query.queryKey[2] !== status,
      });
      void queryClient.invalidateQueries({ queryKey: staffKeys.overview() });
      if (action === 'hide_post') void queryClient.invalidateQueries({ queryKey: postKeys.all });
      setNews(t(`reports.done.${action}`, { name: memberName(report.reported) }));
      if (dialogOpen) {
        focusAfterDialog.current = report.id;
        setDialogOpen(false);
      } else headings.current.get(report.id)?.focus();
    },
    onError: (error) => setFailure(errorText(error, t('reports.actionFailed'))),
  });

  const handleAction = (report: StaffReport, action: ReportAction) => {
    if (act.isPending) return;
    if (action === 'warn' || action === 'suspend') {
      setFailure(null);
      setDialog({ report, action });
      setDialogOpen(true);
    } else act.mutate({ report, action });
  };

  const statusText = listStatusText(reports, items.length, {
    loading: t('reports.loading'),
    failed: t('reports.failed'),
    empty: t(`reports.empty.${status}`),
    found: (count, more) =>
      t(more ? `reports.foundMore.${status}` : `reports.found.${status}`, { count }),
  });

  return (
    <>
      <PageHeading>{t('reports.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('reports.intro')}</Typography>
      <StatusFilter
        label={t('reports.filter')}
        value={status}
        options={REPORT_STATUSES.map((value) => ({ value, label: t(`reports.status.${value}`) }))}
        onChange={onStatusChange}
      />
      <FormAlert severity="success">{news}</FormAlert>
      <FormAlert severity="error">{dialogOpen ? null : failure}</FormAlert>
      <ListStatus text={statusText} failed={reports.isError} />
      {items.length > 0 ? (
        <Box component="ul" ref={list} sx={{ p: 0, m: 0 }}>
          {items.map((report) => (
            <StaffReportItem
              key={report.id}
              report={report}
              language={language}
              mayAct={abilities.act_on_report}
              pending={act.isPending}
              headingRef={(element) => {
                if (element) headings.current.set(report.id, element);
                else headings.current.delete(report.id);
              }}
              onAction={handleAction}
            />
          ))}
        </Box>
      ) : null}
      {reports.hasNextPage ? (
        <Button variant="outlined" aria-disabled={reports.isFetchingNextPage} onClick={showMore}>
          {t('list.more')}
        </Button>
      ) : null}
      <ReportActionDialog
        open={dialogOpen}
        action={dialog?.action === 'suspend' ? 'suspend' : 'warn'}
        name={dialog ? memberName(dialog.report.reported) : ''}
        pending={act.isPending}
        failure={dialogOpen ? failure : null}
        onCancel={() => !act.isPending && setDialogOpen(false)}
        onConfirm={(note) => dialog && act.mutate({ ...dialog, note })}
        onExited={() => {
          setDialog(null);
          const id = focusAfterDialog.current;
          focusAfterDialog.current = null;
          if (id !== null) headings.current.get(id)?.focus();
        }}
      />
    </>
  );
}
