"""The campaign's pages (server-rendered, for players and the GM): one module per page, named
after its template in templates/pages/; `presentation` holds what every page shares.
campaigns/urls.py routes to them; a kingdom's and its turns' pages are turns.pages."""
