"""The battle pages (server-rendered, for players and the GM): one module per page, named after
its template in templates/pages/. battles/urls.py and campaigns/urls.py route to them."""
