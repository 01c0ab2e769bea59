import { useTranslation } from '../../i18n';
import * as icons from '../../shared/components/icons';
import { Tab } from '../../shared/components/Tab';
import { newLikesOf, useLikes } from './api';

/** The likes place of the member navigation, with the count of new likes. */
export function LikesTab() {
  const { t } = useTranslation();
  const { data: likes } = useLikes();
  const count = newLikesOf(likes);
  return (
    <Tab
      to="/likes"
      icon={icons.liked}
      label={t('nav.likes')}
      count={count}
      countLabel={t('nav.newLikes', { count })}
      love
    />
  );
}
