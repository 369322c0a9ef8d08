import { Text, View } from '@react-pdf/renderer';
import { styles } from '../projects/export/report-styles';
import type { ExportSection } from '../projects/export/report-section';
import { commentService } from './comment-service';

export const COMMENT_EXPORT_LIMIT = 250;

/** The discussion on the project itself, oldest first as it reads on screen. */
export const commentsSection: ExportSection = {
  key: 'comments',
  right: 'comments:read',
  async build({ deps, ctx, projectId }) {
    const thread = await commentService(deps).list(ctx, { project_id: projectId, object_type: 'project', object_id: projectId }, 1, COMMENT_EXPORT_LIMIT);
    const shown = thread.items.length;
    return {
      title: 'Comments',
      intro: thread.total > shown ? `The first ${shown} of ${thread.total} comments on the project.` : `${thread.total} ${thread.total === 1 ? 'comment' : 'comments'} on the project.`,
      content:
        shown === 0 ? (
          <Text style={styles.empty}>No comments on the project yet.</Text>
        ) : (
          <View>
            {thread.items.map((comment) => (
              <View key={comment.comment_id} style={styles.comment} wrap={false}>
                <Text style={styles.commentMeta}>
                  {comment.author?.name || 'A former user'} · {comment.created_at.slice(0, 16).replace('T', ' ')} UTC
                </Text>
                <Text>{comment.body}</Text>
              </View>
            ))}
          </View>
        ),
    };
  },
};
