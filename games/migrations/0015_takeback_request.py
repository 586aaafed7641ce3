"""Issue 37: "undo" and "takeback" were one concept under two names; the one name is takeback. The model
UndoRequest becomes TakebackRequest (its table renamed, every row kept), its reverse name and its
one-open constraint follow."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0014_fewer_indexes'),
    ]

    operations = [
        migrations.RenameModel(old_name='UndoRequest', new_name='TakebackRequest'),
        migrations.AlterField(
            model_name='takebackrequest',
            name='game',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='takeback_requests', to='games.game'),
        ),
        migrations.RemoveConstraint(model_name='takebackrequest', name='undo_request_one_open'),
        migrations.AddConstraint(
            model_name='takebackrequest',
            constraint=models.UniqueConstraint(condition=models.Q(('status', 'open')), fields=('game',), name='takeback_request_one_open'),
        ),
    ]
