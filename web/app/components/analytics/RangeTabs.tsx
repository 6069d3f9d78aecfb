import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { NavTabs } from '../ui/NavTabs';
import { analyticsRanges } from './analytics-format';

/** 7, 28 or 90 days, kept in the address (`?days=`) so a range can be shared and reloaded. */
export function RangeTabs({ days }: { days: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <NavTabs
      size="small"
      label={t('analytics.range')}
      tabs={analyticsRanges.map((range) => ({
        to: `${pathname}?days=${range}`,
        label: t(`analytics.ranges.${range}`),
        current: range === days,
      }))}
    />
  );
}
